import { openFeedbackPopup, toast } from 'shared-ui';
import { downloadName, type ChosenFile } from './chosen-file';

// Spec §4 'Download': the first download of a browser session offers the feedback popup (5 s),
// later ones only confirm (1.5 s). sessionStorage: a new tab or session asks again.
const FIRST_DOWNLOAD_KEY = 'textOcrDownloadToastShown';

/** Saves the text as <name>_extracted.txt (photo_extracted.txt for captures) and toasts. */
export function downloadText(file: Pick<ChosenFile, 'name' | 'fromCamera'>, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(file);
  document.body.append(link);
  link.click();
  link.remove();
  // (revoked a little later: the browser reads the blob after the click returns)
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  if (sessionStorage.getItem(FIRST_DOWNLOAD_KEY)) {
    toast('Download started!', { duration: 1500 });
  } else {
    sessionStorage.setItem(FIRST_DOWNLOAD_KEY, '1');
    toast("Download started! We'd love your feedback.", {
      duration: 5000,
      action: { label: 'Give feedback', onClick: openFeedbackPopup },
    });
  }
}
