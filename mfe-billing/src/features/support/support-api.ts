import type { InboxMessage, InboxPage, MessageKind, Surface } from 'contracts';
import { apiFetch } from 'shared-ui';

// The support inbox's calls (api/src/modules/messages/support.controller.ts); the wire types
// are the contracts package's.
export type { InboxMessage, InboxPage };

export type InboxFilters = {
  q: string;
  surface: '' | Surface;
  kind: '' | MessageKind;
  handled: '' | 'true' | 'false';
};

export class InboxError extends Error {}

async function errorOf(response: Response): Promise<InboxError> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  return new InboxError(
    typeof body.error === 'string' ? body.error : 'Something went wrong. Please try again later.',
  );
}

export async function fetchInbox(filters: InboxFilters, before?: string): Promise<InboxPage> {
  const query = new URLSearchParams();
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.surface) query.set('surface', filters.surface);
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.handled) query.set('handled', filters.handled);
  if (before) query.set('before', before);
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  const response = await apiFetch(`/api/support/messages${suffix}`);
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as InboxPage;
}

export async function setHandled(id: string, handled: boolean): Promise<InboxMessage> {
  const response = await apiFetch(`/api/support/messages/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handled }),
  });
  if (!response.ok) throw await errorOf(response);
  return ((await response.json()) as { message: InboxMessage }).message;
}
