import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useAdsClickRecord } from '../ads/ads-click';
import { configureApi } from '../session/api-client';
import { GlobalStyle } from '../theme/GlobalStyle';
import { ToastHost } from '../toast/toast';
import type { RemoteModule } from './remote-contract';
import { UnderConstruction } from './UnderConstruction';

declare global {
  // Set by Vite from VITE_* variables when a remote is built or served on its own.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- must merge with Vite's declaration
  interface ImportMetaEnv {
    readonly VITE_API_URL?: string;
  }
}

/** What the shell's Layout does on every route and a remote's page may rely on. */
function StandaloneFrame() {
  useAdsClickRecord();
  return <ToastHost surface="main" />;
}

/**
 * Runs a remote on its own, for its team's development: its routes in a bare frame (the shell's
 * navbars and footers are not part of a remote).
 */
export function renderStandalone(module: RemoteModule, options: { apiUrl: string }): void {
  configureApi({ baseUrl: options.apiUrl });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <GlobalStyle />
      <BrowserRouter>
        <Routes>
          {module.routes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
          <Route path="*" element={<UnderConstruction title="Not served by this remote" />} />
        </Routes>
        {/* Inside the router: a toast may hold a CarryLink; the ad click reads the URL. */}
        <StandaloneFrame />
      </BrowserRouter>
    </StrictMode>,
  );
}
