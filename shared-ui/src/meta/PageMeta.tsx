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
 * The title is a React 19 hoisted `<title>`: rendered here, React puts it in document.head before
 * the shell's static one, so it is the document's title while the page is shown and the static
 * one is back when it goes (the remotes share the shell's react-dom, so this works in a remote).
 * The description is not hoisted: React would append a second `meta[name="description"]` after
 * the static one of index.html, and readers take the first. Instead the one tag is updated while
 * the page is shown (created if the document has none) and given back its content afterwards.
 */
export function PageMeta({ title, description }: Props) {
  // Rendered on the server (the build's prerender): its head needs them, and effects never run.
  if (typeof document === 'undefined') noteServerMeta({ title, description });
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
  return <title>{title}</title>;
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
