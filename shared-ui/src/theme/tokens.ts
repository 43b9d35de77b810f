// Design tokens live as CSS custom properties on :root (see GlobalStyle); components refer to them
// through this object so no colour is hard-coded outside the theme.
export const tokenValues = {
  '--color-bg': '#ffffff',
  '--color-surface': '#f6f8fb',
  '--color-text': '#1b2330',
  '--color-text-muted': '#556070',
  '--color-primary': '#2456d6',
  '--color-primary-hover': '#1a43ad',
  '--color-on-primary': '#ffffff',
  '--color-border': '#d6dce5',
  '--color-success': '#1f7a3f',
  '--color-error': '#b3261e',
  '--color-focus': '#f2a900',
  '--color-overlay': 'rgba(15, 20, 30, 0.55)',
  '--font-body': "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  '--radius-sm': '6px',
  '--radius-md': '10px',
  '--space-1': '4px',
  '--space-2': '8px',
  '--space-3': '12px',
  '--space-4': '16px',
  '--space-6': '24px',
  '--space-8': '32px',
  '--shadow-card': '0 2px 12px rgba(15, 20, 30, 0.08)',
  '--max-content': '1120px',
} as const;

export type TokenName = keyof typeof tokenValues;

const cssVar = (name: TokenName): string => `var(${name})`;

export const tokens = {
  color: {
    bg: cssVar('--color-bg'),
    surface: cssVar('--color-surface'),
    text: cssVar('--color-text'),
    textMuted: cssVar('--color-text-muted'),
    primary: cssVar('--color-primary'),
    primaryHover: cssVar('--color-primary-hover'),
    onPrimary: cssVar('--color-on-primary'),
    border: cssVar('--color-border'),
    success: cssVar('--color-success'),
    error: cssVar('--color-error'),
    focus: cssVar('--color-focus'),
    overlay: cssVar('--color-overlay'),
  },
  font: { body: cssVar('--font-body') },
  radius: { sm: cssVar('--radius-sm'), md: cssVar('--radius-md') },
  space: {
    1: cssVar('--space-1'),
    2: cssVar('--space-2'),
    3: cssVar('--space-3'),
    4: cssVar('--space-4'),
    6: cssVar('--space-6'),
    8: cssVar('--space-8'),
  },
  shadow: { card: cssVar('--shadow-card') },
  layout: { maxContent: cssVar('--max-content') },
} as const;

/** Width under which the navbars switch to the hamburger menu. */
export const MOBILE_BREAKPOINT_PX = 768;
