// TODO(meta): issue 22 item 1, the page's own title and description once shared-ui has PageMeta.
import { PageSection } from 'shared-ui';
import { FeedbackForm } from '../features/feedback/FeedbackForm';

const stay = () => undefined;

/** /sheets-extension-feedback: the popup's form; the page reloads 2 s after a success (spec §4). */
export function FeedbackPage() {
  return (
    <PageSection width="form" aria-labelledby="addon-feedback-title">
      <h1 id="addon-feedback-title">Feedback</h1>
      <p>Tell us how the add-on works for you. It takes a minute.</p>
      <FeedbackForm mode="page" onDone={stay} />
    </PageSection>
  );
}
