import { PageSection } from 'shared-ui';
import { FeedbackForm } from '../features/feedback/FeedbackForm';

/** /feedback: the same form as the popup; the page reloads 2 s after a success (spec §4). */
export function FeedbackPage() {
  return (
    <PageSection width="form" aria-labelledby="feedback-title">
      <h1 id="feedback-title">Feedback</h1>
      <p>Tell us how the tool works for you. It takes a minute.</p>
      <FeedbackForm mode="page" onDone={() => undefined} />
    </PageSection>
  );
}
