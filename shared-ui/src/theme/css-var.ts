import type { TokenName } from './tokens';

/**
 * A theme token as CSS, `var(--name)`: what `tokens` holds, for code bundled outside the shared-ui
 * singleton (shared-ui/landing), so a remote's bundle does not carry a second copy of the theme.
 */
export const cssVar = (name: TokenName): string => `var(${name})`;
