import { TEXT_OCR_PROFESSIONS } from 'contracts';
import { useEffect, useState, type SyntheticEvent } from 'react';
import {
  browserNavigation,
  Button,
  FormStatus,
  HiddenTrap,
  loadSession,
  sanitizeFields,
  Select,
  TextArea,
  TextField,
  useFormSubmission,
  type FeedbackFormProps,
} from 'shared-ui';

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** The second text-OCR form's professions (spec §3) as the API accepts them, capitalised. */
const PROFESSION_OPTIONS = TEXT_OCR_PROFESSIONS.map((value) => ({
  value,
  label: capitalise(value),
}));

/** The popup closes, and the /feedback page reloads, this long after a success (spec §4, §9). */
export const AFTER_SUCCESS_MS = 2000;

const EMPTY = {
  profession: '',
  howDidYouFind: '',
  howDoesItHelp: '',
  howCanWeImprove: '',
  canUseAsTestimonial: 'no' as 'yes' | 'no',
  extraInfo: '',
};

type Props = FeedbackFormProps & { mode?: 'popup' | 'page' };

/**
 * The text OCR feedback form (spec §3, second variant): profession (no blank choice), how they
 * found us, how it helps and how to improve, all required; testimonial yes or no; the hidden
 * spam trap sent as is.
 */
export function FeedbackForm({ onDone, mode = 'popup' }: Props) {
  const [fields, setFields] = useState(EMPTY);
  const [succeeded, setSucceeded] = useState(false);
  const { state, submit, sending } = useFormSubmission('/api/text-ocr-feedback');

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => {
      if (mode === 'page') browserNavigation.reload();
      else onDone();
    }, AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded, mode, onDone]);

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const ok = await submit(
      sanitizeFields(fields, ['howDidYouFind', 'howDoesItHelp', 'howCanWeImprove']),
    );
    if (ok) {
      setFields(EMPTY);
      setSucceeded(true);
      // The first feedback grants 5 more extractions today: let the page know.
      void loadSession(true).catch(() => undefined);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Feedback form">
      <Select
        label="Your profession"
        required
        value={fields.profession}
        onChange={(event) => set('profession')(event.target.value)}
        placeholder="Choose your profession"
        options={PROFESSION_OPTIONS}
      />
      <TextField
        label="How did you find us?"
        required
        maxLength={500}
        value={fields.howDidYouFind}
        onChange={(event) => set('howDidYouFind')(event.target.value)}
      />
      <TextArea
        label="How does it help you?"
        required
        maxLength={5000}
        value={fields.howDoesItHelp}
        onChange={(event) => set('howDoesItHelp')(event.target.value)}
      />
      <TextArea
        label="How can we improve?"
        required
        maxLength={5000}
        value={fields.howCanWeImprove}
        onChange={(event) => set('howCanWeImprove')(event.target.value)}
      />
      <fieldset>
        <legend>Can we use your feedback as a testimonial?</legend>
        {(['yes', 'no'] as const).map((choice) => (
          <label key={choice} style={{ marginRight: '1rem' }}>
            <input
              type="radio"
              name="canUseAsTestimonial"
              value={choice}
              checked={fields.canUseAsTestimonial === choice}
              onChange={() => set('canUseAsTestimonial')(choice)}
            />{' '}
            {choice === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </fieldset>
      <HiddenTrap value={fields.extraInfo} onChange={set('extraInfo')} />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send feedback'}
      </Button>
      {state.status === 'success' && <FormStatus kind="success" message={state.message} />}
      {state.status === 'error' && <FormStatus kind="error" message={state.message} />}
    </form>
  );
}
