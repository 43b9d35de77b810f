// `npm run extract -- FILE [--page N] [--lang CODE]`: builds the API once if needed, then runs its
// command line, which uses the same pipeline as POST /api/extract. The command line is imported
// into this process rather than started as a second node: that would cost a Node start-up more.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiCli } from './lib/api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// It reads its arguments from process.argv (FILE and options after this script's path) and
// exits with its own status.
await import(pathToFileURL(apiCli(root, 'extract')).href);
