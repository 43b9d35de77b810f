import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from 'shared-ui/federation';
import { defineConfig } from 'vite';

const port = Number(process.env.PORT ?? 3001);

// A remote: built, versioned and deployed on its own; the shell finds it at run time through
// mf-manifest.json. CORS is open because any origin of the platform may load its modules.
export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'mfeTextOcr',
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
  experimental: {
    // The remote's code runs on the shell's page, so a root-relative asset URL ('/assets/…')
    // would point at the shell's server. Asset URLs in JS resolve against the chunk's own URL
    // instead: images and the pdf.js worker load from this remote's origin.
    renderBuiltUrl: (_filename, { hostType }) =>
      hostType === 'js' ? { relative: true } : undefined,
  },
});
