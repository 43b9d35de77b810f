import { remoteViteConfig } from 'shared-ui/federation';
import { defineConfig } from 'vite';

// Everything a remote's build and servers need is shared (shared-ui/federation.mjs); its name,
// port and routes are its entry in the registry (contracts/src/remotes.ts).
export default defineConfig(remoteViteConfig({ name: 'mfeCommentFilter' }));
