import { downloadName, openFeedbackPopup, saveFile, toast, type ChosenFile } from 'shared-ui';

// Spec §4 'Download': the first download of a browser session offers the feedback popup (5 s),
// later ones only confirm (1.5 s). sessionStorage: a new tab or session asks again.
const FIRST_DOWNLOAD_KEY = 'textOcrDownloadToastShown';

/** Saves the text as <name>_extracted.txt (photo_extracted.txt for captures) and toasts. */
export function downloadText(file: Pick<ChosenFile, 'name' | 'fromCamera'>, text: string): void {
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), downloadName(file));
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
