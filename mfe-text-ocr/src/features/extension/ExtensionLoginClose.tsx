import { useEffect } from 'react';
import { browserNavigation, tokens } from 'shared-ui';
import styled from 'styled-components';

export const CLOSE_TAB_AFTER_MS = 1500;

const StyledCover = styled.div`
  position: fixed;
  inset: 0;
  z-index: 2000;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${tokens.color.bg};
  font-size: 1.25rem;
`;

/**
 * The browser extension opens sign-in in a tab with ?source=extension; once back, the page is
 * replaced by this message and the tab closes itself after 1.5 s (spec §2).
 */
export function ExtensionLoginClose() {
  useEffect(() => {
    const timer = setTimeout(() => browserNavigation.closeTab(), CLOSE_TAB_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return <StyledCover role="status">Login successful. Closing tab...</StyledCover>;
}
