import { toast } from 'shared-ui';

export const COPIED = 'Text copied to the clipboard';
export const COPY_REFUSED =
  'The browser did not let us copy. Select the text and copy it with your keyboard instead.';

/**
 * Copies the extracted text and says so. The browser may refuse (no clipboard on an insecure
 * page, permission denied, the page not focused): the person is told how to copy it by hand.
 */
export async function copyText(text: string): Promise<void> {
  try {
    // Absent on insecure origins and in some embedded browsers, whatever the types say.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(text);
    toast(COPIED, { duration: 1500 });
  } catch {
    toast.error(COPY_REFUSED, { duration: 5000 });
  }
}
