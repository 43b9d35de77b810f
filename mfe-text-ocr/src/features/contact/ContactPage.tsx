import { useState, type SyntheticEvent } from 'react';
import {
  Button,
  FormStatus,
  HiddenTrap,
  sanitizeText,
  TextArea,
  TextField,
  tokens,
  useFormSubmission,
} from 'shared-ui';
import styled from 'styled-components';

export const StyledFormPage = styled.section`
  max-width: 640px;
  margin: 0 auto;
  padding: ${tokens.space[8]} ${tokens.space[4]};
`;

const EMPTY = { name: '', email: '', message: '', extraInfo: '' };

/** /contact-us: name, email and message, all required (spec §3, §5). */
export function ContactPage() {
  const [fields, setFields] = useState(EMPTY);
  const { state, submit, sending } = useFormSubmission('/api/contact');
  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const ok = await submit(
      Promise.all([
        sanitizeText(fields.name),
        sanitizeText(fields.email),
        sanitizeText(fields.message),
      ]).then(([name, email, message]) => ({ name, email, message, extraInfo: fields.extraInfo })),
    );
    if (ok) setFields(EMPTY);
  };

  return (
    <StyledFormPage aria-labelledby="contact-title">
      <h1 id="contact-title">Contact Us</h1>
      <p>Questions about reading your documents, your plan or a payment? Write to us.</p>
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
    </StyledFormPage>
  );
}
