// The shell's frame, prerendered by its build (shared-ui/prerender.mjs, prerenderChrome): the
// layout — navbar, footer, toasts — of every chrome a route can ask for, with OUTLET_TOKEN where
// the page goes. The web server puts a remote's prerendered page there (issue 25). Bundled for
// Node by that build only.
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { configurePlatform, type PlatformConfig, type RouteChrome } from 'shared-ui';
import { ServerStyleSheet } from 'styled-components';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigContext } from '../config/RuntimeConfigContext';
import type { RemoteLoader } from '../federation/remote-registry';
import { RemoteLoaderContext } from '../federation/RemoteLoaderContext';
import { InitialChromeContext } from '../layout/ChromeContext';
import { Layout } from '../layout/Layout';

/** Must equal shared-ui/prerender.mjs's OUTLET_TOKEN. */
const OUTLET_TOKEN = '%%outlet%%';
/** Must equal shared-ui/prerender.mjs's configToken. */
const token = (key: keyof RuntimeConfig) => `https://prerender.invalid/rc/${key}`;

/** Every chrome a route's handle can name. */
export function chromeHandles(): RouteChrome[] {
  const handles: RouteChrome[] = [];
  for (const navbar of ['main', 'new-user', 'addon', 'none'] as const) {
    for (const footer of ['main', 'addon'] as const) {
      for (const landing of [false, true]) {
        for (const hidePricing of [false, true]) {
          handles.push({ navbar, footer, landing, hidePricing });
        }
      }
    }
  }
  return handles;
}

/** The frame never loads a remote: the feedback popup is closed. */
const noLoader: RemoteLoader = {
  load: () => Promise.reject(new Error('no remotes in a prerender')),
  peek: () => undefined,
  takeFailure: () => undefined,
  retry: () => undefined,
};

/**
 * The layout for `handle`, signed-out visitor unknown (the session control's placeholder), as
 * HTML with OUTLET_TOKEN for the page and its styled-components' style tags. Configuration values
 * are tokens (configToken) that the web server fills in.
 */
export function renderChrome(
  handle: RouteChrome,
  platform: Partial<PlatformConfig>,
): { handle: RouteChrome; html: string; css: string } {
  configurePlatform(platform);
  const config = {
    apiUrl: token('apiUrl'),
    affiliateSignupUrl: token('affiliateSignupUrl'),
    addonListingUrl: token('addonListingUrl'),
    commentFilterListingUrl: token('commentFilterListingUrl'),
    supportEmail: token('supportEmail'),
    remotes: [],
  } as unknown as RuntimeConfig;
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <RuntimeConfigContext.Provider value={config}>
          <RemoteLoaderContext.Provider value={noLoader}>
            <InitialChromeContext.Provider value={handle}>
              <MemoryRouter>
                <Routes>
                  <Route element={<Layout />}>
                    <Route path="*" element={OUTLET_TOKEN} />
                  </Route>
                </Routes>
              </MemoryRouter>
            </InitialChromeContext.Provider>
          </RemoteLoaderContext.Provider>
        </RuntimeConfigContext.Provider>,
      ),
    );
    return { handle, html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
