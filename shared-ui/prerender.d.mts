import type { Plugin } from 'vite';

export const PRERENDER_FILE: string;
export const CHROME_FILE: string;
export const REMOTE_BASE_TOKEN: string;
export const OUTLET_TOKEN: string;
export const PLATFORM_KEYS: readonly string[];
export function configToken(key: string): string;

/** A remote's build: its `prerender` routes as dist/prerender.json. */
export function prerenderRoutes(options: { name: string }): Plugin;
/** The shell's build: its frame for every chrome as dist/prerender-chrome.json. */
export function prerenderChrome(options: { entry: string }): Plugin;
