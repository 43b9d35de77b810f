// The pages a person asks for, from the sidebar's inputs to the API's `page` / `pages` fields.
// The sidebar checks them as they are typed; the server checks them again (its callers are
// whatever calls google.script.run, not only our sidebar).
import { TABLES_MAX_PAGE_NUMBER, type TablesExtractRequest } from 'contracts';

export type PagesChoice =
  { kind: 'all' } | { kind: 'one'; page: string } | { kind: 'range'; first: string; last: string };

const PAGES_KINDS: readonly string[] = ['all', 'one', 'range'];

/** A choice as google.script.run delivers it: any JSON, checked before it is read. */
export const isPagesChoice = (value: unknown): value is PagesChoice =>
  typeof value === 'object' &&
  value !== null &&
  PAGES_KINDS.includes(String((value as { kind?: unknown }).kind));

export type PagesRequest = Pick<TablesExtractRequest, 'page' | 'pages'>;

export type PagesParse = { ok: true; request: PagesRequest } | { ok: false; error: string };

/** A page number as typed: digits only, from 1 to the API's largest page number. */
export function parsePageNumber(text: string | number): number | null {
  const trimmed = String(text).trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= TABLES_MAX_PAGE_NUMBER ? page : null;
}

/** The choice as the API's fields: nothing for every page, `page`, or a `pages` range. */
export function pagesRequest(choice: PagesChoice): PagesParse {
  switch (choice.kind) {
    case 'all':
      return { ok: true, request: {} };
    case 'one': {
      const page = parsePageNumber(choice.page);
      return page === null
        ? { ok: false, error: 'Enter a page number (1 or more).' }
        : { ok: true, request: { page } };
    }
    case 'range': {
      const first = parsePageNumber(choice.first);
      const last = parsePageNumber(choice.last);
      if (first === null || last === null) {
        return { ok: false, error: 'Enter the first and last page of the range (1 or more).' };
      }
      if (first > last) return { ok: false, error: 'The first page must not be after the last.' };
      // A range of one page is that page: the same request, and the same credit.
      return { ok: true, request: first === last ? { page: first } : { pages: { first, last } } };
    }
  }
}

/** Pages the request reads at most, when it says (for the credits shown before reading). */
export function pagesCount(request: PagesRequest): number | null {
  if (request.page !== undefined) return 1;
  if (request.pages) return request.pages.last - request.pages.first + 1;
  return null;
}
