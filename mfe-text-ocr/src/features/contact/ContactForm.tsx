import { useState, type SyntheticEvent } from 'react';
import {
  Button,
  FormStatus,
  HiddenTrap,
  sanitizeFields,
  TextArea,
  TextField,
  useFormSubmission,
} from 'shared-ui';

const EMPTY = { name: '', email: '', message: '', extraInfo: '' };

/** The contact form: name, email and message, all required (spec §3, §5). */
export function ContactForm() {
  const [fields, setFields] = useState(EMPTY);
  const { state, submit, sending } = useFormSubmission('/api/contact');
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
