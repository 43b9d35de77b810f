import type { Surface } from 'contracts';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../primitives/Button';
import { FormStatus } from '../primitives/FormStatus';
import { TextArea, TextField } from '../primitives/TextField';
import { HiddenTrap } from './HiddenTrap';
import { sanitizeFields } from './sanitize';
import { useFormSubmission } from './useFormSubmission';

const EMPTY = { name: '', email: '', message: '', extraInfo: '' };

/**
 * Where a contact message is posted: the text OCR pages use the route as spec §7 writes it, any
 * other surface names itself in the query so that the message is stored with it (the API's
 * ContactSurfaceQuery).
 */
export const contactPath = (surface: Surface): string =>
  surface === 'text-ocr' ? '/api/contact' : `/api/contact?surface=${surface}`;

export type ContactFormProps = {
  /** The product whose contact page shows the form; its messages are stored with it. */
  surface: Surface;
};

/** The contact form: name, email and message, all required (spec §3, §5). */
export function ContactForm({ surface }: ContactFormProps) {
  const [fields, setFields] = useState(EMPTY);
  const { state, submit, sending } = useFormSubmission(contactPath(surface));
  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const ok = await submit(sanitizeFields(fields, ['name', 'email', 'message']));
    if (ok) setFields(EMPTY);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Contact form">
      <TextField
        label="Name"
        required
        maxLength={100}
        autoComplete="name"
        value={fields.name}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextField
        label="Email"
        type="email"
        required
        maxLength={254}
        autoComplete="email"
        value={fields.email}
        onChange={(event) => set('email')(event.target.value)}
      />
      <TextArea
        label="Message"
        required
        maxLength={5000}
        value={fields.message}
        onChange={(event) => set('message')(event.target.value)}
      />
      <HiddenTrap value={fields.extraInfo} onChange={set('extraInfo')} />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send message'}
      </Button>
      {state.status === 'success' && <FormStatus kind="success" message={state.message} />}
      {state.status === 'error' && <FormStatus kind="error" message={state.message} />}
    </form>
  );
}
