import { PageSection } from 'shared-ui';
import { FeedbackPageForm } from '../features/feedback/FeedbackForm';

/** /feedback: the later variant of the form (the popup has the first); reloads 2 s after a success. */
export function FeedbackPage() {
  return (
    <PageSection width="form" aria-labelledby="feedback-title">
      <h1 id="feedback-title">Feedback</h1>
      <p>Tell us how the tool works for you. It takes a minute.</p>
      <FeedbackPageForm />
    </PageSection>
  );
}
