// Type-only: the bundle's exports are the server functions the sidebar's code calls, with the
// same signatures (a renamed or changed function fails the type check, not the sidebar).
import type * as Main from './main.js';
import type { ServerApi } from '../shared/sidebar-api.js';

type Assert<T extends true> = T;
export type ExportsServeTheSidebar = Assert<typeof Main extends ServerApi ? true : false>;
