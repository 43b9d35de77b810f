// The one registry of remotes: every microfrontend the shell loads, where it lives, and which
// routes it owns. Read by the shell's runtime config, the start and test scripts, the browser-test
// stack, the jest projects, the API's default CORS origins, and checked against
// docker-compose.yml and the Dockerfile by a test. Adding a remote is one entry here plus its
// folder.

/** Which footer (and so which feedback form) a page shows. */
export type FeedbackSurface = 'main' | 'addon';

export type RemoteDefinition = {
  /** Module Federation name (the shell loads `<name>/routes`). */
  name: string;
  /** Its workspace folder at the repository's root. */
  folder: string;
  /** Default port of its server. */
  port: number;
  /** Variable holding its port (start script) and the URL browsers load it from. */
  portVar: string;
  urlVar: string;
  /** Paths it owns: a remote that is down still owns them and shows a fallback. */
  routes: readonly string[];
  /** The feedback form this remote provides for its surface's footer, if any. */
  feedbackSurface?: FeedbackSurface;
};

export const REMOTES: readonly RemoteDefinition[] = [
  {
    name: 'mfeTextOcr',
    folder: 'mfe-text-ocr',
    port: 3001,
    portVar: 'MFE_TEXT_OCR_PORT',
    urlVar: 'MFE_TEXT_OCR_URL',
    routes: [
      '/',
      '/handwriting-ocr',
      '/feedback',
      '/contact-us',
      '/terms-of-service',
      '/privacy-policy',
    ],
    feedbackSurface: 'main',
  },
  {
    name: 'mfeSheetsAddon',
    folder: 'mfe-sheets-addon',
    port: 3002,
    portVar: 'MFE_SHEETS_ADDON_PORT',
    urlVar: 'MFE_SHEETS_ADDON_URL',
    routes: [
      '/pdf-to-sheets-extension',
      '/sheets-extension-faq',
      '/sheets-extension-contact-us',
      '/sheets-extension-feedback',
      '/sheets-extension-terms-of-service',
      '/sheets-extension-privacy-policy',
    ],
    feedbackSurface: 'addon',
  },
  {
    name: 'mfeCommentFilter',
    folder: 'mfe-comment-filter',
    port: 3003,
    portVar: 'MFE_COMMENT_FILTER_PORT',
    urlVar: 'MFE_COMMENT_FILTER_URL',
    routes: ['/yt-comment-filter'],
  },
  {
    name: 'mfeBilling',
    folder: 'mfe-billing',
    port: 3004,
    portVar: 'MFE_BILLING_PORT',
    urlVar: 'MFE_BILLING_URL',
    routes: [
      '/pricing',
      '/sheets-extension-pricing',
      '/user-account',
      '/sheets-extension-user-account',
      '/payment-success',
      '/receipt',
      '/paypal-checkout',
      '/signup-success',
      '/affiliate',
      '/refund-policy',
      '/support',
    ],
  },
];

/** The shell: the site's origin, which loads the remotes. */
export const SHELL = {
  folder: 'shell',
  port: 3000,
  portVar: 'SHELL_PORT',
  urlVar: 'SHELL_URL',
} as const;

export function findRemote(name: string): RemoteDefinition | undefined {
  return REMOTES.find((remote) => remote.name === name);
}

/** The remote that provides the feedback form of a surface. */
export function feedbackRemote(surface: FeedbackSurface): RemoteDefinition {
  const remote = REMOTES.find((r) => r.feedbackSurface === surface);
  if (!remote) throw new Error(`No remote provides the ${surface} feedback form`);
  return remote;
}
