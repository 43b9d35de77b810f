// `npm run extract-tables -- FILE [--page N | --pages A-B] [--invoice] [--format json|csv|xlsx]
// [--out PATH]` (issue 21, item 2): builds the API once if needed, then runs its table command
// line (api/src/cli/extract-tables.ts), the engine's table reader in this process, as
// `npm run extract` runs the text reader: a second node would cost another start-up.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiCli } from './lib/api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// It reads its arguments from process.argv (FILE and options after this script's path) and
// exits with its own status.
await import(pathToFileURL(apiCli(root, 'extract-tables')).href);
