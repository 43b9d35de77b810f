import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  loginFromHere,
  PageSection,
  Select,
  TextField,
  tokens,
  useSession,
} from 'shared-ui';
import styled from 'styled-components';
import { MessageCard } from './MessageCard';
import { fetchInbox, setHandled, type InboxFilters, type InboxMessage } from './support-api';

const SEARCH_DELAY_MS = 300;

const StyledFilters = styled.form`
  display: grid;
  grid-template-columns: 2fr repeat(3, 1fr);
  gap: ${tokens.space[4]};
  align-items: end;
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;
const StyledList = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[4]};
`;
const StyledError = styled.p`
  color: ${tokens.color.error};
`;

const EMPTY_FILTERS: InboxFilters = { q: '', surface: '', kind: '', handled: '' };

type Listing =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; messages: InboxMessage[]; nextCursor: string | null };

/** The support inbox: contact messages and feedback, newest first, for the support role. */
export function SupportInboxPage() {
  const user = useSession();
  const location = useLocation();
  const isSupport = Boolean(user?.roles?.includes('support'));
  const [filters, setFilters] = useState<InboxFilters>(EMPTY_FILTERS);
  const [query, setQuery] = useState<InboxFilters>(EMPTY_FILTERS);
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(0);

  // Typing waits a moment before searching; the selects apply at once.
  useEffect(() => {
    if (filters === query) return;
    const delay = filters.q === query.q ? 0 : SEARCH_DELAY_MS;
    const timer = setTimeout(() => {
      setListing({ status: 'loading' });
      setQuery(filters);
    }, delay);
    return () => clearTimeout(timer);
  }, [filters, query]);

  useEffect(() => {
    if (!isSupport) return;
    const request = ++latest.current;
    fetchInbox(query).then(
      (page) => {
        if (request === latest.current) setListing({ status: 'ready', ...page });
      },
      (error: unknown) => {
        if (request === latest.current)
          setListing({ status: 'error', error: (error as Error).message });
      },
    );
  }, [isSupport, query]);

  const loadMore = useCallback(async () => {
    if (listing.status !== 'ready' || !listing.nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchInbox(query, listing.nextCursor);
      setListing({
        status: 'ready',
        messages: [...listing.messages, ...page.messages],
        nextCursor: page.nextCursor,
      });
    } catch (error) {
      setActionError((error as Error).message);
    } finally {
      setLoadingMore(false);
    }
  }, [listing, query]);

  const toggle = useCallback(async (message: InboxMessage) => {
    setBusyId(message.id);
    setActionError(null);
    try {
      const updated = await setHandled(message.id, !message.handled);
      setListing((current) =>
        current.status === 'ready'
          ? {
              ...current,
              messages: current.messages.map((m) => (m.id === updated.id ? updated : m)),
            }
          : current,
      );
    } catch (error) {
      setActionError((error as Error).message);
    } finally {
      setBusyId(null);
    }
  }, []);

  const title = <h1 id="support-title">Support inbox</h1>;
  if (user === undefined) {
    return (
      <PageSection width="medium" aria-labelledby="support-title">
        {title}
        <p role="status">Loading…</p>
      </PageSection>
    );
  }
  if (user === null) {
    return (
      <PageSection width="medium" aria-labelledby="support-title">
        {title}
        <p>Please log in to see the support inbox.</p>
        <Button onClick={() => loginFromHere(location)}>Login</Button>
      </PageSection>
    );
  }
  if (!isSupport) {
    return (
      <PageSection width="medium" aria-labelledby="support-title">
        {title}
        <p>Only the support team can see this page.</p>
      </PageSection>
    );
  }

  const update = (patch: Partial<InboxFilters>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <PageSection width="medium" aria-labelledby="support-title">
      {title}
      <StyledFilters role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search messages"
          type="search"
          value={filters.q}
          onChange={(event) => update({ q: event.target.value })}
          placeholder="Name, email or any text"
        />
        <Select
          label="Surface"
          value={filters.surface}
          onChange={(event) => update({ surface: event.target.value as InboxFilters['surface'] })}
          options={[
            { value: '', label: 'All surfaces' },
            { value: 'text-ocr', label: 'Text OCR' },
            { value: 'sheets-addon', label: 'Spreadsheet add-on' },
          ]}
        />
        <Select
          label="Kind"
          value={filters.kind}
          onChange={(event) => update({ kind: event.target.value as InboxFilters['kind'] })}
          options={[
            { value: '', label: 'Feedback and contact' },
            { value: 'contact', label: 'Contact messages' },
            { value: 'feedback', label: 'Feedback' },
          ]}
        />
        <Select
          label="Status"
          value={filters.handled}
          onChange={(event) => update({ handled: event.target.value as InboxFilters['handled'] })}
          options={[
            { value: '', label: 'Open and handled' },
            { value: 'false', label: 'Open' },
            { value: 'true', label: 'Handled' },
          ]}
        />
      </StyledFilters>
      {actionError && <StyledError role="alert">{actionError}</StyledError>}
      <div aria-live="polite" aria-busy={listing.status === 'loading'}>
        {listing.status === 'loading' && <p role="status">Loading messages…</p>}
        {listing.status === 'error' && <StyledError role="alert">{listing.error}</StyledError>}
        {listing.status === 'ready' && listing.messages.length === 0 && <p>No messages match.</p>}
        {listing.status === 'ready' && listing.messages.length > 0 && (
          <StyledList>
            {listing.messages.map((message) => (
              <MessageCard
                key={message.id}
                message={message}
                busy={busyId === message.id}
                onToggle={(m) => void toggle(m)}
              />
            ))}
            {listing.nextCursor && (
              <Button variant="secondary" disabled={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </StyledList>
        )}
      </div>
    </PageSection>
  );
}
