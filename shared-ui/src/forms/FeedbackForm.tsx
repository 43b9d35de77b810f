import type { FormName } from 'contracts';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { FeedbackFormProps } from '../federation/remote-contract';
import { Button } from '../primitives/Button';
import { FormStatus } from '../primitives/FormStatus';
import { Select } from '../primitives/Select';
import { TextArea, TextField } from '../primitives/TextField';
import { browserNavigation } from '../session/navigation';
import { HiddenTrap } from './HiddenTrap';
import { sanitizeFields } from './sanitize';
import { useFormSubmission } from './useFormSubmission';

/** The popup closes, and a feedback page reloads, this long after a success (spec §4, §9). */
export const AFTER_SUCCESS_MS = 2000;

/** The feedback forms that ask the three questions (spec §3: text OCR's second one, the add-on's). */
export type FeedbackFormName = Extract<FormName, 'text-ocr-feedback' | 'sheets-extension-feedback'>;

export type FeedbackFormSetup = {
  /** The API route it posts to, /api/<form>; the route decides the surface it is stored with. */
  form: FeedbackFormName;
  /** The form's profession choices as the API accepts them (contracts' lists). */
  professions: readonly string[];
  /** Text OCR's form also asks whether the feedback may be a testimonial (yes or no). */
  askTestimonial?: boolean;
  /** Runs after a success (text OCR refreshes the session: the first feedback adds credits). */
  onSent?: () => void;
};

export type FeedbackFormFullProps = FeedbackFormProps &
  FeedbackFormSetup & {
    /** popup: onDone 2 s after a success; page: the page reloads 2 s after a success. */
    mode?: 'popup' | 'page';
  };

// Lists keep the API's lower-case values; people read them capitalised, acronyms in capitals.
const ACRONYMS = new Set(['hr']);
export const professionLabel = (value: string): string =>
  value
    .split(' ')
    .map((word, i) =>
      ACRONYMS.has(word)
        ? word.toUpperCase()
        : i === 0
          ? word.charAt(0).toUpperCase() + word.slice(1)
          : word,
    )
    .join(' ');

const EMPTY_TEXTS = {
  profession: '',
  howDidYouFind: '',
  howDoesItHelp: '',
  howCanWeImprove: '',
  extraInfo: '',
};
type Texts = typeof EMPTY_TEXTS;
type Testimonial = 'yes' | 'no';

/**
 * A feedback form (spec §3, §5): profession (no blank choice), how they found us, how it helps
 * and how to improve, all required; the testimonial question where the form has it; the hidden
 * spam trap sent as is. Which route, which professions: props.
 */
export function FeedbackForm({
  form,
  professions,
  askTestimonial = false,
  onSent,
  onDone,
  mode = 'popup',
}: FeedbackFormFullProps) {
  const [fields, setFields] = useState<Texts>(EMPTY_TEXTS);
  const [testimonial, setTestimonial] = useState<Testimonial>('no');
  const [succeeded, setSucceeded] = useState(false);
  const { state, submit, sending } = useFormSubmission(`/api/${form}`);

  // (a ref: a page passing a new onDone each render must not restart the 2 s)
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => {
      if (mode === 'page') browserNavigation.reload();
      else done.current();
    }, AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded, mode]);

  const set = (name: keyof Texts) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const texts = sanitizeFields(fields, ['howDidYouFind', 'howDoesItHelp', 'howCanWeImprove']);
    // The API refuses unknown fields: the testimonial answer goes only where the form asks it.
    const body = askTestimonial
      ? texts.then((clean) => ({ ...clean, canUseAsTestimonial: testimonial }))
      : texts;
    if (await submit(body)) {
      setFields(EMPTY_TEXTS);
      setTestimonial('no');
      setSucceeded(true);
      onSent?.();
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
        options={professions.map((value) => ({ value, label: professionLabel(value) }))}
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
      {askTestimonial && (
        <fieldset>
          <legend>Can we use your feedback as a testimonial?</legend>
          {(['yes', 'no'] as const).map((choice) => (
            <label key={choice} style={{ marginRight: '1rem' }}>
              <input
                type="radio"
                name="canUseAsTestimonial"
                value={choice}
                checked={testimonial === choice}
                onChange={() => setTestimonial(choice)}
              />{' '}
              {choice === 'yes' ? 'Yes' : 'No'}
            </label>
          ))}
        </fieldset>
      )}
      <HiddenTrap value={fields.extraInfo} onChange={set('extraInfo')} />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send feedback'}
      </Button>
      {state.status === 'success' && <FormStatus kind="success" message={state.message} />}
      {state.status === 'error' && <FormStatus kind="error" message={state.message} />}
    </form>
  );
}
