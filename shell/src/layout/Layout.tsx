import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { DEFAULT_CHROME, GlobalStyle, ToastHost, type RouteChrome } from 'shared-ui';
import { ChromeContext } from './ChromeContext';
import { FeedbackPopup } from './FeedbackPopup';
import { Footer } from './footer/Footer';
import { AddonNavbar } from './navbar/AddonNavbar';
import { MainNavbar } from './navbar/MainNavbar';
import { useHashScroll } from './useHashScroll';

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

/** The frame every page renders in: navbar and footer variants, toasts, feedback popup. */
export function Layout() {
  const [chrome, setChrome] = useState<RouteChrome>(DEFAULT_CHROME);
  useHashScroll();
  return (
    <ChromeContext.Provider value={setChrome}>
      <GlobalStyle />
      <a className="visually-hidden" href="#main-content">
        Skip to content
      </a>
      <Navbar chrome={chrome} />
      <main id="main-content">
        <Outlet />
      </main>
      <Footer variant={chrome.footer} />
      <FeedbackPopup variant={chrome.footer} />
      <ToastHost surface={chrome.footer} />
    </ChromeContext.Provider>
  );
}
