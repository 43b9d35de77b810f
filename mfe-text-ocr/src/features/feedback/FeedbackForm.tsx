import { TEXT_OCR_PROFESSIONS, TEXT_OCR_PROFESSIONS_V1 } from 'contracts';
import { FeedbackForm as SharedFeedbackForm, loadSession, type FeedbackFormProps } from 'shared-ui';

// The first feedback grants 5 more extractions today: the page learns it from the session.
const refreshSession = () => void loadSession(true).catch(() => undefined);

/**
 * The feedback popup's form (spec §3, first variant; the footer, the download toast and the
 * daily-limit offer open it): shared-ui's form posting to /api/feedback with a 1-5 rating and the
 * first variant's professions.
 */
export function FeedbackForm({ onDone }: FeedbackFormProps) {
  return (
    <SharedFeedbackForm
      form="feedback"
      professions={TEXT_OCR_PROFESSIONS_V1}
      onSent={refreshSession}
      onDone={onDone}
      mode="popup"
    />
  );
}

/**
 * /feedback's form (spec §3, second variant): posts to /api/text-ocr-feedback with text OCR's
 * professions and the testimonial question; the page reloads 2 s after a success.
 */
export function FeedbackPageForm() {
  return (
    <SharedFeedbackForm
      form="text-ocr-feedback"
      professions={TEXT_OCR_PROFESSIONS}
      askTestimonial
      onSent={refreshSession}
      onDone={() => undefined}
      mode="page"
    />
  );
}
