import { useEffect, type ReactNode } from 'react';
import type { RemoteRoute, RouteChrome } from '../federation/remote-contract';

type Props = {
  /** The page's title, as the tab and search results show it. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
};

const DESCRIPTION_SELECTOR = 'meta[name="description"]';

let serverMeta: Props | null = null;

/**
 * The title and description of the PageMeta rendered without a document since the last call: the
 * build's prerender of a page (federation/prerender-render.tsx) puts them in the page's head.
 */
export function takeServerMeta(): Props | null {
  const meta = serverMeta;
  serverMeta = null;
  return meta;
}

function noteServerMeta(meta: Props): void {
  serverMeta = meta;
}

/**
 * A route's title and description (each route has its own, issue 22).
 *
 * Neither is rendered as an element: React 19 hoists a `<title>` into the head, but the browser's
 * React is Preact's (shared-ui/federation.mjs), which does not, and a second
 * `meta[name="description"]` would lose to index.html's first one. So while the page is shown the
 * document's title and its one description tag (created if the document has none) say this
 * page's, and each gets back what it said before when the page goes. The build's prerender puts
 * them in the served page's head (noteServerMeta above).
 */
export function PageMeta({ title, description }: Props) {
  // Rendered on the server (the build's prerender): its head needs them, and effects never run.
  if (typeof document === 'undefined') noteServerMeta({ title, description });
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>(DESCRIPTION_SELECTOR);
    const created = tag === null;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [description]);
  return null;
}

export type PageMetaProps = Props;

/**
 * A remote's route whose page gets the title and description of its path in `meta` (one table
 * per remote, so no two routes can forget theirs or share them by accident). `options.prerender`:
 * a public page, prerendered by the remote's build (RemoteRoute's `prerender`).
 */
export function metaRoute<Path extends string>(
  meta: Record<Path, Props>,
  path: Path,
  handle: RouteChrome,
  element: ReactNode,
  options: { prerender?: boolean } = {},
): RemoteRoute {
  return {
    path,
    handle,
    ...(options.prerender ? { prerender: true } : {}),
    element: (
      <>
        <PageMeta {...meta[path]} />
        {element}
      </>
    ),
  };
}
