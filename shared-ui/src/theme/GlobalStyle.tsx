import { createGlobalStyle } from 'styled-components';
import { tokenValues, tokens } from './tokens';

const rootVariables = Object.entries(tokenValues)
  .map(([name, value]) => `${name}: ${value};`)
  .join('\n');

export const GlobalStyle = createGlobalStyle`
  :root {
    ${rootVariables}
  }
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    font-family: ${tokens.font.body};
    color: ${tokens.color.text};
    background: ${tokens.color.bg};
    line-height: 1.5;
  }
  a { color: ${tokens.color.primary}; }
  :focus-visible { outline: 3px solid ${tokens.color.focus}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
`;
