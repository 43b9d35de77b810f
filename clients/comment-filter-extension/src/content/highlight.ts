// What the extension writes on the page: each comment it read gets `data-comment-filter` with its
// label (content.css outlines and tints the positive ones), and a positive one a small text badge
// in its header, so the highlight is never colour alone and screen readers hear it.
import type { SentimentLabel } from 'sentiment-classifier';
import { CLIENT_SOURCE } from '../common/client';
import { HEADER_SELECTOR, COMMENT_SELECTOR } from './selectors';
import { textElementOf } from './find-comments';

export const LABEL_ATTRIBUTE = `data-${CLIENT_SOURCE}`;
export const BADGE_ATTRIBUTE = `data-${CLIENT_SOURCE}-badge`;
export const BADGE_CLASS = `${CLIENT_SOURCE}-badge`;
export const BADGE_TEXT = 'Positive';
export const BADGE_TITLE = 'Comment Filter: a positive comment';

/** Whether a node is (inside) a badge this extension added: its own writes are not news. */
export function isOwnNode(node: Node): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest(`[${BADGE_ATTRIBUTE}]`) != null;
}

function ownBadge(comment: Element): Element | null {
  for (const badge of comment.querySelectorAll(`[${BADGE_ATTRIBUTE}]`)) {
    if (badge.closest(COMMENT_SELECTOR) === comment) return badge;
  }
  return null;
}

function createBadge(document: Document): HTMLElement {
  const badge = document.createElement('span');
  badge.setAttribute(BADGE_ATTRIBUTE, '');
  badge.className = BADGE_CLASS;
  badge.setAttribute('role', 'note');
  badge.title = BADGE_TITLE;
  const icon = document.createElement('span');
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = '👍 ';
  badge.append(icon, BADGE_TEXT);
  return badge;
}

/** Marks a comment with its label; touches the page only when something changes. */
export function applyLabel(comment: Element, label: SentimentLabel): void {
  if (comment.getAttribute(LABEL_ATTRIBUTE) !== label) comment.setAttribute(LABEL_ATTRIBUTE, label);
  const badge = ownBadge(comment);
  if (label !== 'positive') {
    badge?.remove();
    return;
  }
  if (badge) return;
  const created = createBadge(comment.ownerDocument);
  const header = [...comment.querySelectorAll(HEADER_SELECTOR)].find(
    (candidate) => candidate.closest(COMMENT_SELECTOR) === comment,
  );
  if (header) header.append(created);
  else textElementOf(comment)?.before(created);
}

/** Takes every mark and badge off the page (the filter was switched off). */
export function clearLabels(root: Document | Element): void {
  for (const badge of root.querySelectorAll(`[${BADGE_ATTRIBUTE}]`)) badge.remove();
  for (const comment of root.querySelectorAll(`[${LABEL_ATTRIBUTE}]`)) {
    comment.removeAttribute(LABEL_ATTRIBUTE);
  }
}
