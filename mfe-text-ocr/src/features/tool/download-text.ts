import { downloadName, openFeedbackPopup, saveFile, toast, type ChosenFile } from 'shared-ui';

// Spec §4 'Download': the first download in a session offers the feedback popup (5 s), later
// ones only confirm (1.5 s). The spec's storage key marks the offer as made in this browser
// session: sessionStorage, so a new session is offered it again.
export const FEEDBACK_REQUESTED_KEY = 'isFeedbackRequested';
// The key this page used before (sessionStorage): an offer already made there counts.
const OLD_KEY = 'textOcrDownloadToastShown';

function feedbackRequested(): boolean {
  try {
    if (sessionStorage.getItem(OLD_KEY) !== null) {
      sessionStorage.setItem(FEEDBACK_REQUESTED_KEY, 'true');
      sessionStorage.removeItem(OLD_KEY);
    }
    // Earlier builds kept both keys in localStorage, once per browser: they no longer count.
    localStorage.removeItem(OLD_KEY);
    localStorage.removeItem(FEEDBACK_REQUESTED_KEY);
    return sessionStorage.getItem(FEEDBACK_REQUESTED_KEY) === 'true';
  } catch {
    // Storage blocked: the offer is made, with nothing to remember it by.
    return false;
  }
}

function markFeedbackRequested(): void {
  try {
    sessionStorage.setItem(FEEDBACK_REQUESTED_KEY, 'true');
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
