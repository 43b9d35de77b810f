import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from 'shared-ui/federation';
import { defineConfig } from 'vite';

const port = Number(process.env.PORT ?? 3004);

// A remote: built, versioned and deployed on its own; the shell finds it at run time through
// mf-manifest.json. CORS is open because any origin of the platform may load its modules.
export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'mfeBilling',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: { './routes': './src/routes.tsx' },
      shared: sharedSingletons(),
      dts: false,
    }),
  ],
  server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
  preview: { port, strictPort: true, cors: true },
  build: { target: 'es2022' },
});
