// Environment facts the remotes need, set once by the shell from its run-time configuration (or
// by a remote running standalone).
export type PlatformConfig = {
  /** The spreadsheet add-on's marketplace listing (signup success redirects there). */
  addonListingUrl: string;
};

let config: PlatformConfig = {
  addonListingUrl: 'https://workspace.google.com/marketplace',
};

export function configurePlatform(next: Partial<PlatformConfig>): void {
  config = { ...config, ...next };
}

export function platformConfig(): PlatformConfig {
  return config;
}
