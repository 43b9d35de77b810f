// The add-on's settings: Script Properties (Project Settings → Script Properties, or `clasp`),
// each with a default where one makes sense. Nothing secret is compiled in: the Picker's
// developer key is a browser key restricted to the Picker API, kept in the properties.

/** The API and the web app of the production deployment (README "Deploying with docker-compose"). */
export const DEFAULT_API_BASE_URL = 'https://api.example.com';
export const DEFAULT_WEB_BASE_URL = 'https://example.com';

export const PROPERTY_KEYS = {
  apiBaseUrl: 'API_BASE_URL',
  webBaseUrl: 'WEB_BASE_URL',
  pickerDeveloperKey: 'PICKER_DEVELOPER_KEY',
  /** The Cloud project number: the Picker's app id, which grants drive.file on the picked file. */
  pickerAppId: 'PICKER_APP_ID',
} as const;

export type AddonConfig = {
  apiBaseUrl: string;
  webBaseUrl: string;
  pickerDeveloperKey: string | null;
  pickerAppId: string | null;
};

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

const property = (props: GoogleAppsScript.Properties.Properties, key: string): string | null => {
  const value = props.getProperty(key);
  return value && value.trim() ? value.trim() : null;
};

export function readConfig(): AddonConfig {
  const props = PropertiesService.getScriptProperties();
  return {
    apiBaseUrl: withoutTrailingSlash(
      property(props, PROPERTY_KEYS.apiBaseUrl) ?? DEFAULT_API_BASE_URL,
    ),
    webBaseUrl: withoutTrailingSlash(
      property(props, PROPERTY_KEYS.webBaseUrl) ?? DEFAULT_WEB_BASE_URL,
    ),
    pickerDeveloperKey: property(props, PROPERTY_KEYS.pickerDeveloperKey),
    pickerAppId: property(props, PROPERTY_KEYS.pickerAppId),
  };
}

/** The add-on's pricing page, which knows it was opened from the add-on (spec §2). */
export const buyCreditsUrl = (config: AddonConfig): string =>
  `${config.webBaseUrl}/sheets-extension-pricing?source=extension`;
