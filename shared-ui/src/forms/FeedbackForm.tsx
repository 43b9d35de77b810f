import type { FormName } from 'contracts';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { FeedbackFormProps } from '../federation/remote-contract';
import { Button } from '../primitives/Button';
import { FormStatus } from '../primitives/FormStatus';
import { Select } from '../primitives/Select';
import { TextArea, TextField } from '../primitives/TextField';
import { browserNavigation } from '../session/navigation';
import { HiddenTrap } from './HiddenTrap';
import { RatingField } from './RatingField';
import { sanitizeFields } from './sanitize';
import { useFormSubmission } from './useFormSubmission';

/** The popup closes, and a feedback page reloads, this long after a success (spec §4, §9). */
export const AFTER_SUCCESS_MS = 2000;

/** The feedback forms (spec §3): text OCR's first (/api/feedback) and second, the add-on's. */
export type FeedbackFormName = Extract<
  FormName,
  'feedback' | 'text-ocr-feedback' | 'sheets-extension-feedback'
>;

export type FeedbackFormSetup = {
  /** The form's profession choices as the API accepts them (contracts' lists). */
  professions: readonly string[];
  /** Runs after a success (text OCR refreshes the session: the first feedback adds credits). */
  onSent?: () => void;
} & (
  | {
      /**
       * Text OCR's first variant (spec §3, §5): a rating from 1 to 5 (required, 'Please select a
       * rating'), profession (required), how to improve and an email (both optional).
       */
      form: 'feedback';
    }
  | {
      /** The three questions' forms; the API route decides the surface it is stored with. */
      form: Exclude<FeedbackFormName, 'feedback'>;
      /** Text OCR's form also asks whether the feedback may be a testimonial (yes or no). */
      askTestimonial?: boolean;
    }
);

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
  email: '',
  extraInfo: '',
};
type Texts = typeof EMPTY_TEXTS;
type Testimonial = 'yes' | 'no';

/** What each form sends besides the profession and the trap (the API refuses unknown fields). */
function formBody(
  form: FeedbackFormName,
  clean: Texts,
  extras: { rating: number | null; testimonial: Testimonial | null },
): Record<string, unknown> {
  const { profession, extraInfo } = clean;
  if (form === 'feedback') {
    const { howCanWeImprove, email } = clean;
    return { profession, rating: extras.rating, email, howCanWeImprove, extraInfo };
  }
  const { howDidYouFind, howDoesItHelp, howCanWeImprove } = clean;
  return {
    profession,
    howDidYouFind,
    howDoesItHelp,
    howCanWeImprove,
    ...(extras.testimonial ? { canUseAsTestimonial: extras.testimonial } : {}),
    extraInfo,
  };
}

/**
 * A feedback form (spec §3, §5): profession (no blank choice) on every form; then either the
 * first text OCR variant's rating with optional improvement text and email, or the three
 * required questions (how they found us, how it helps, how to improve) with the testimonial
 * question where the form has it; the hidden spam trap sent as is. Route and list: props.
 */
export function FeedbackForm(props: FeedbackFormFullProps) {
  const { form, professions, onSent, onDone, mode = 'popup' } = props;
  const askRating = form === 'feedback';
  const askTestimonial = props.form !== 'feedback' && props.askTestimonial === true;
  const [fields, setFields] = useState<Texts>(EMPTY_TEXTS);
  const [rating, setRating] = useState<number | null>(null);
  const [ratingMissing, setRatingMissing] = useState(false);
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
    if (askRating && rating === null) {
      setRatingMissing(true);
      return;
    }
    const texts = sanitizeFields(
      fields,
      askRating
        ? ['howCanWeImprove', 'email']
        : ['howDidYouFind', 'howDoesItHelp', 'howCanWeImprove'],
    );
    const extras = { rating, testimonial: askTestimonial ? testimonial : null };
    if (await submit(texts.then((clean) => formBody(form, clean, extras)))) {
      setFields(EMPTY_TEXTS);
      setRating(null);
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
      {askRating ? (
        <>
          <RatingField
            value={rating}
            missing={ratingMissing}
            onChange={(value) => {
              setRating(value);
              setRatingMissing(false);
            }}
          />
          <TextArea
            label="How can we improve?"
            maxLength={5000}
            value={fields.howCanWeImprove}
            onChange={(event) => set('howCanWeImprove')(event.target.value)}
          />
          <TextField
            label="Your email (optional)"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={fields.email}
            onChange={(event) => set('email')(event.target.value)}
          />
        </>
      ) : (
        <>
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
        </>
      )}
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
