import { ADDON_PROFESSIONS } from 'contracts';
import { FeedbackForm as SharedFeedbackForm, type FeedbackFormProps } from 'shared-ui';

/**
 * The add-on's feedback form (spec §3 'Feedback (add-on)', §5): shared-ui's form posting to
 * /api/sheets-extension-feedback with the add-on's professions. In the footer's popup it closes
 * 2 s after a success; on /sheets-extension-feedback the page reloads 2 s after one (spec §4).
 */
export function FeedbackForm({
  onDone,
  mode = 'popup',
}: FeedbackFormProps & { mode?: 'popup' | 'page' }) {
  return (
    <SharedFeedbackForm
      form="sheets-extension-feedback"
      professions={ADDON_PROFESSIONS}
      onDone={onDone}
      mode={mode}
    />
  );
}
