import { TEXT_OCR_PROFESSIONS } from 'contracts';
import { FeedbackForm as SharedFeedbackForm, loadSession, type FeedbackFormProps } from 'shared-ui';

// The first feedback grants 5 more extractions today: the page learns it from the session.
const refreshSession = () => void loadSession(true).catch(() => undefined);

/**
 * Text OCR's feedback form (spec §3, second variant): shared-ui's form posting to
 * /api/text-ocr-feedback with text OCR's professions and the testimonial question.
 */
export function FeedbackForm({
  onDone,
  mode = 'popup',
}: FeedbackFormProps & { mode?: 'popup' | 'page' }) {
  return (
    <SharedFeedbackForm
      form="text-ocr-feedback"
      professions={TEXT_OCR_PROFESSIONS}
      askTestimonial
      onSent={refreshSession}
      onDone={onDone}
      mode={mode}
    />
  );
}
