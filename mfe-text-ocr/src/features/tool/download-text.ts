import { downloadName, openFeedbackPopup, saveFile, toast, type ChosenFile } from 'shared-ui';

// Spec §4 'Download': the first download offers the feedback popup (5 s), later ones only
// confirm (1.5 s). The spec's storage key marks the offer as made (localStorage, spec §3).
export const FEEDBACK_REQUESTED_KEY = 'isFeedbackRequested';
// The key this page used before (sessionStorage): an offer already made there counts.
const OLD_KEY = 'textOcrDownloadToastShown';

function feedbackRequested(): boolean {
  try {
    if (sessionStorage.getItem(OLD_KEY) !== null || localStorage.getItem(OLD_KEY) !== null) {
      localStorage.setItem(FEEDBACK_REQUESTED_KEY, 'true');
      sessionStorage.removeItem(OLD_KEY);
      localStorage.removeItem(OLD_KEY);
    }
    return localStorage.getItem(FEEDBACK_REQUESTED_KEY) === 'true';
  } catch {
    // Storage blocked: the offer is made, with nothing to remember it by.
    return false;
  }
}

function markFeedbackRequested(): void {
  try {
    localStorage.setItem(FEEDBACK_REQUESTED_KEY, 'true');
  } catch {
    // Storage blocked: see above.
  }
}

/** Saves the text as <name>_extracted.txt (photo_extracted.txt for captures) and toasts. */
export function downloadText(file: Pick<ChosenFile, 'name' | 'fromCamera'>, text: string): void {
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), downloadName(file));
  if (feedbackRequested()) {
    toast('Download started!', { duration: 1500 });
  } else {
    markFeedbackRequested();
    toast("Download started! We'd love your feedback.", {
      duration: 5000,
      action: { label: 'Give feedback', onClick: openFeedbackPopup },
    });
  }
}
