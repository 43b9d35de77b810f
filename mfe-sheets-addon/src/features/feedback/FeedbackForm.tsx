import { Button, type FeedbackFormProps } from 'shared-ui';

/** The feedback popup's content. The form itself is not built yet, and says so. */
export function FeedbackForm({ onDone }: FeedbackFormProps) {
  return (
    <div>
      <p>The feedback form is under construction. Nothing is sent from here yet.</p>
      <Button variant="secondary" onClick={onDone}>
        Close
      </Button>
    </div>
  );
}
