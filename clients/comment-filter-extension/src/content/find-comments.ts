// Finding comments and their text in the watch page's markup (selectors.ts).
import { COMMENT_SELECTOR, TEXT_SELECTOR } from './selectors';

/** Every comment in `root`, `root` included when it is one, in document order. */
export function findComments(root: Node): Element[] {
  if (!(root instanceof Element) && !(root instanceof Document)) return [];
  const found = [...root.querySelectorAll(COMMENT_SELECTOR)];
  return root instanceof Element && root.matches(COMMENT_SELECTOR) ? [root, ...found] : found;
}

/** The comment a node belongs to (a reply's node belongs to the reply, not its thread). */
export function commentOf(node: Node): Element | null {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest(COMMENT_SELECTOR) ?? null;
}

/** The comment's own text element: not one of a reply nested inside it. */
export function textElementOf(comment: Element): Element | null {
  for (const candidate of comment.querySelectorAll(TEXT_SELECTOR)) {
    if (candidate.closest(COMMENT_SELECTOR) === comment) return candidate;
  }
  return null;
}

/**
 * The comment's text as written: its text nodes, and each emoji the platform draws as an image
 * read from its `alt` (the classifier counts emoji). Null while the comment has no text element
 * yet (the platform fills comments in after adding them).
 */
export function commentText(comment: Element): string | null {
  const element = textElementOf(comment);
  if (!element) return null;
  let text = '';
  const walker = element.ownerDocument.createTreeWalker(
    element,
    NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) text += node.nodeValue ?? '';
    else if (node instanceof HTMLImageElement) text += node.alt;
  }
  return text.trim();
}
