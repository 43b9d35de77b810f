// `node --import ./api/test/module-log.mjs …` with MODULE_LOG=FILE: every module the process
// loads (ES modules, CommonJS packages imported from them, node: built-ins) is appended to FILE,
// one URL a line. The command line's test reads it to see what a digital PDF made it load.
import { register } from 'node:module';

register(new URL('./module-log-hooks.mjs', import.meta.url));
