import { Button, Card, tokens } from 'shared-ui';
import styled from 'styled-components';
import type { InboxMessage } from './support-api';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  message: 'Message',
  profession: 'Profession',
  rating: 'Rating',
  howDidYouFind: 'How did you find us',
  howDoesItHelp: 'How does it help',
  howCanWeImprove: 'How can we improve',
  canUseAsTestimonial: 'Testimonial allowed',
};
const FORM_LABELS: Record<string, string> = {
  contact: 'Contact message',
  feedback: 'Feedback (first form)',
  'text-ocr-feedback': 'Feedback',
  'sheets-extension-feedback': 'Add-on feedback',
};
const SURFACE_LABELS: Record<string, string> = {
  'text-ocr': 'Text OCR',
  'sheets-addon': 'Spreadsheet add-on',
};

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${tokens.space[2]};
  align-items: baseline;
`;
const StyledMeta = styled.p`
  margin: 0;
  color: ${tokens.color.textMuted};
  font-size: 0.9rem;
`;
const StyledFields = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${tokens.space[1]} ${tokens.space[4]};
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  dt {
    font-weight: 600;
  }
`;
const StyledState = styled.span<{ $handled: boolean }>`
  font-weight: 600;
  color: ${({ $handled }) => ($handled ? tokens.color.success : tokens.color.text)};
`;

const when = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Props = {
  message: InboxMessage;
  busy: boolean;
  onToggle: (message: InboxMessage) => void;
};

/** One message: who, where from, when, its fields, and the 'handled' toggle. */
export function MessageCard({ message, busy, onToggle }: Props) {
  const sender =
    typeof message.fields.name === 'string'
      ? `${message.fields.name} <${String(message.fields.email ?? '')}>`
      : (message.userEmail ?? 'Anonymous visitor');
  const headingId = `message-${message.id}`;
  return (
    <Card as="article" aria-labelledby={headingId}>
      <StyledHeader>
        <h2 id={headingId} style={{ margin: 0, fontSize: '1.1rem' }}>
          {FORM_LABELS[message.form] ?? message.form} from {sender}
        </h2>
        <StyledState $handled={message.handled}>
          {message.handled
            ? `Handled${message.handledBy ? ` by ${message.handledBy}` : ''}`
            : 'Open'}
        </StyledState>
      </StyledHeader>
      <StyledMeta>
        <time dateTime={message.createdAt}>{when(message.createdAt)}</time> ·{' '}
        {SURFACE_LABELS[message.surface] ?? message.surface}
        {message.userEmail ? ` · signed in as ${message.userEmail}` : ' · not signed in'}
      </StyledMeta>
      <StyledFields>
        {Object.entries(message.fields).map(([name, value]) => (
          <div key={name} style={{ display: 'contents' }}>
            <dt>{FIELD_LABELS[name] ?? name}</dt>
            <dd>{String(value)}</dd>
          </div>
        ))}
      </StyledFields>
      <Button
        variant="secondary"
        aria-pressed={message.handled}
        disabled={busy}
        onClick={() => onToggle(message)}
        aria-describedby={headingId}
      >
        {message.handled ? 'Mark as open' : 'Mark as handled'}
      </Button>
    </Card>
  );
}
