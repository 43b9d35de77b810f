import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { compileHints } from 'shared-ui/compile-hints';
import { BUILD_TARGET, sharedSingletons } from 'shared-ui/federation';
import { prerenderChrome } from 'shared-ui/prerender';
import { styledIds } from 'shared-ui/styled-ids';
import { SHELL } from 'contracts';
import { defineConfig } from 'vite';
import { runtimeConfigPlugin } from './runtime-config';

// PORT, else the shell's port in the registry (contracts/src/remotes.ts).
const port = Number(process.env.PORT ?? SHELL.port);

// The host declares no remotes here: it reads them from /runtime-config.json at run time.
export default defineConfig(({ command }) => ({
  plugins: [
    styledIds(),
    react(),
    runtimeConfigPlugin(),
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons({ command }),
      dts: false,
      // The one federation runtime on the page: remotes' production builds use it (externalRuntime
      // in shared-ui/federation.mjs) rather than download their own.
      experiments: { provideExternalRuntime: true },
    }),
    // The frame around the remotes' prerendered pages (dist/prerender-chrome.json, issue 25).
    prerenderChrome({ entry: 'src/prerender/chrome.tsx' }),
    // Its chunks compiled off the main thread as they load.
    compileHints(),
  ],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: { target: BUILD_TARGET },
}));
