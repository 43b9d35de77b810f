import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { BUILD_TARGET, sharedSingletons } from 'shared-ui/federation';
import { SHELL } from 'contracts';
import { defineConfig } from 'vite';
import { runtimeConfigPlugin } from './runtime-config';

// The host declares no remotes here: it reads them from /runtime-config.json at run time.
export default defineConfig({
  plugins: [
    react(),
    runtimeConfigPlugin(),
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons(),
      dts: false,
      experiments: { provideExternalRuntime: true },
    }),
  ],
  preview: { port: SHELL.port, strictPort: true },
  build: { target: BUILD_TARGET },
});
