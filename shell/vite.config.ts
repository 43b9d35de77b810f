import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from 'shared-ui/federation';
import { defineConfig } from 'vite';
import { runtimeConfigPlugin } from './runtime-config';

// The host declares no remotes here: it reads them from /runtime-config.json at run time.
export default defineConfig({
  plugins: [
    react(),
    runtimeConfigPlugin(),
    federation({ name: 'shell', remotes: {}, shared: sharedSingletons(), dts: false }),
  ],
  preview: { port: 3000, strictPort: true },
  build: { target: 'es2022' },
});
