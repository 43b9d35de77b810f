import { USER_UPGRADED_VIA_PAYPAL } from 'contracts';
import { startTransition, StrictMode, useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import {
  configureAnalytics,
  configureApi,
  configurePlatform,
  expectErrorReporter,
  setErrorReporter,
} from 'shared-ui';
import { readRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
import { RuntimeConfigContext } from './config/RuntimeConfigContext';
import { createRemoteLoader, type RemoteLoader } from './federation/remote-registry';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext';
import { buildRoutes } from './routing/build-routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

// A wallet upgrade in another tab (spec §4): that tab sets the flag, this one reloads to show it.
window.addEventListener('storage', (event) => {
  if (event.key === USER_UPGRADED_VIA_PAYPAL && event.newValue) window.location.reload();
});

/** Loads the error-reporting SDK when a DSN is configured; without one it is never downloaded. */
function startErrorReporting(dsn: string): void {
  if (!dsn) return;
  expectErrorReporter();
  import('./error-reporting/sentry').then(
    (sdk) => setErrorReporter(sdk.startErrorReporting({ dsn })),
    (error: unknown) => {
      console.error('The error-reporting SDK did not load', error);
      setErrorReporter(null);
    },
  );
}

/**
 * The server sent this page's prerendered HTML (scripts/lib/prerendered-pages.mjs): it stays on
 * screen until the page's remote has loaded (or failed, or timed out), so the first render shows
 * the same page in place of it, not 'Loading…'; a remote that fails replaces it with its fallback.
 */
async function remoteOfPrerenderedPage(config: RuntimeConfig, loader: RemoteLoader): Promise<void> {
  if (!container?.hasAttribute('data-prerendered')) return;
  const remote = config.remotes.find((r) => r.routes.includes(window.location.pathname));
  if (remote) await loader.load(remote.name).catch(() => undefined);
}

/**
 * The prerendered page was inert (its buttons do nothing) until the app has rendered in its
 * place: released in the same commit, so no click falls between the two.
 */
function ReleasePrerendered(): null {
  useLayoutEffect(() => {
    container?.removeAttribute('inert');
  }, []);
  return null;
}

/**
 * The routes in a declarative router (BrowserRouter + useRoutes), not a data router
 * (createBrowserRouter): the platform uses no loaders or actions, and the data router is about
 * 18 KB gzip of the first page's JavaScript (the shared router is never tree-shaken).
 */
function AppRoutes({ config }: { config: RuntimeConfig }) {
  const routes = useMemo(() => buildRoutes(config), [config]);
  return useRoutes(routes);
}

readRuntimeConfig().then(
  async (config) => {
    startErrorReporting(config.sentryDsn);
    configureApi({ baseUrl: config.apiUrl });
    configurePlatform({
      addonListingUrl: config.addonListingUrl,
      commentFilterListingUrl: config.commentFilterListingUrl,
      supportEmail: config.supportEmail,
      affiliateSignupUrl: config.affiliateSignupUrl,
      razorpayCheckoutUrl: config.razorpayCheckoutUrl,
      lemonSqueezyScriptUrl: config.lemonSqueezyScriptUrl,
      paypalSdkUrl: config.paypalSdkUrl,
    });
    configureAnalytics({
      endpoint: config.analyticsEndpoint,
      adConversionId: config.adConversionId,
    });
    const loader = createRemoteLoader(config.remotes);
    await remoteOfPrerenderedPage(config, loader);
    // The page it replaces stays on screen until the commit. (A transition: React would render
    // it in slices; the browser's React, Preact's compat layer, renders it at once.) The render
    // is measured as 'takeover' (User Timing; npm run bench:web prints it).
    performance.mark('takeover-start');
    startTransition(() => {
      root.render(
        <StrictMode>
          <ReleasePrerendered />
          <RuntimeConfigContext.Provider value={config}>
            <RemoteLoaderContext.Provider value={loader}>
              <BrowserRouter>
                <AppRoutes config={config} />
              </BrowserRouter>
            </RemoteLoaderContext.Provider>
          </RuntimeConfigContext.Provider>
        </StrictMode>,
      );
    });
    performance.measure('takeover', 'takeover-start');
  },
  (error: unknown) => {
    console.error('Could not load the site configuration', error);
    container.removeAttribute('inert');
    root.render(
      <p role="alert" style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
        The site could not start. Please reload the page in a moment.
      </p>,
    );
  },
);
