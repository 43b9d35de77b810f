import type { CSSProperties } from 'react';

type KeptPlaceProps = {
  'aria-hidden'?: true;
  tabIndex?: -1;
  style?: CSSProperties;
};

/**
 * Props for something whose content is not known yet (the session, an API's answer), also in the
 * prerendered page: while `pending` it is laid out but invisible, out of the tab order and hidden
 * from screen readers, so that the page does not move when it appears (issue 25: no layout shift
 * as the app takes over). Otherwise none.
 */
export const keptPlace = (pending: boolean): KeptPlaceProps =>
  pending ? { 'aria-hidden': true, tabIndex: -1, style: { visibility: 'hidden' } } : {};
