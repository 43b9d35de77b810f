// Where the platform lives, fixed at build time: scripts/build.mjs reads COMMENT_FILTER_WEB_URL
// and COMMENT_FILTER_API_URL and defines these two names; tests and type checks, which have no
// build, get the local development ports (the build's defaults too).
export type BuildConfig = { webUrl: string; apiUrl: string };

declare const EXTENSION_WEB_URL: string | undefined;
declare const EXTENSION_API_URL: string | undefined;

export const LOCAL_BUILD_CONFIG: BuildConfig = {
  webUrl: 'http://localhost:3000',
  apiUrl: 'http://localhost:4000',
};

export const BUILD_CONFIG: BuildConfig = {
  webUrl: typeof EXTENSION_WEB_URL === 'string' ? EXTENSION_WEB_URL : LOCAL_BUILD_CONFIG.webUrl,
  apiUrl: typeof EXTENSION_API_URL === 'string' ? EXTENSION_API_URL : LOCAL_BUILD_CONFIG.apiUrl,
};
