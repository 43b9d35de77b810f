import { PageMeta, PageSection } from 'shared-ui';
import { FeedbackForm } from '../features/feedback/FeedbackForm';

const stay = () => undefined;

export const FEEDBACK_META = {
  title: 'Feedback | PDF to Sheets',
  description:
    'Tell us how the PDF to Sheets add-on works for you: your profession, how you found it, how it helps and what we can improve.',
};

/** /sheets-extension-feedback: the popup's form; the page reloads 2 s after a success (spec §4). */
export function FeedbackPage() {
  return (
    <PageSection width="form" aria-labelledby="addon-feedback-title">
      <PageMeta {...FEEDBACK_META} />
      <h1 id="addon-feedback-title">Feedback</h1>
      <p>Tell us how the add-on works for you. It takes a minute.</p>
      <FeedbackForm mode="page" onDone={stay} />
    </PageSection>
  );
}
