import { useContext, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { GlobalStyle, ToastHost, track, useAdsClickRecord, type RouteChrome } from 'shared-ui';
import styled from 'styled-components';
import { ChromeContext, InitialChromeContext } from './ChromeContext';
import { FeedbackPopup } from './FeedbackPopup';
import { Footer } from './footer/Footer';
import { AddonNavbar } from './navbar/AddonNavbar';
import { MainNavbar } from './navbar/MainNavbar';
import { useHashScroll } from './useHashScroll';

// The footer stays at the bottom of short pages.
const StyledPage = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;
const StyledMain = styled.main`
  flex: 1;
`;

function Navbar({ chrome }: { chrome: RouteChrome }) {
  const landing = chrome.landing ?? false;
  switch (chrome.navbar) {
    case 'main':
      return <MainNavbar newUser={false} landing={landing} />;
    case 'new-user':
      return <MainNavbar newUser landing={landing} />;
    case 'addon':
      return <AddonNavbar landing={landing} hidePricing={chrome.hidePricing ?? false} />;
    case 'none':
      return null;
  }
}

/** Every button click on any surface is an analytics event named by the button's label. */
function useButtonClickTracking(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button) return;
      const label = button.getAttribute('aria-label') ?? button.textContent.trim();
      track('button_click', { label });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}

/**
 * The frame every page renders in: navbar and footer variants, toasts, feedback popup; and what
 * every route does, whichever remote owns it (an ad may land on any page: its click is recorded).
 */
export function Layout() {
  const initialChrome = useContext(InitialChromeContext);
  const [chrome, setChrome] = useState<RouteChrome>(initialChrome);
  useHashScroll();
  useButtonClickTracking();
  useAdsClickRecord();
  return (
    <ChromeContext.Provider value={setChrome}>
      <GlobalStyle />
      <StyledPage>
        <a className="visually-hidden" href="#main-content">
          Skip to content
        </a>
        <Navbar chrome={chrome} />
        <StyledMain id="main-content">
          <Outlet />
        </StyledMain>
        <Footer variant={chrome.footer} />
      </StyledPage>
      <FeedbackPopup variant={chrome.footer} />
      <ToastHost surface={chrome.footer} />
    </ChromeContext.Provider>
  );
}
