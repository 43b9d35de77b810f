// The add-on's menu, sidebar and Picker dialog, and the calls the sidebar makes on opening.
import { addonMaxBytes } from 'contracts';
import type {
  AddonError,
  PickedFile,
  PickerConfig,
  PickerResult,
  SidebarState,
} from '../shared/sidebar-api.js';
import { buyCreditsUrl, readConfig } from './config.js';
import { addonError } from './errors.js';
import { pendingJob, readUser } from './extraction.js';

export const ADDON_TITLE = 'PDF to Sheets';
const PICKER_RESULT_KEY = 'pickerResult';

/**
 * The add-on menu under Extensions. onOpen runs in AuthMode.NONE before the add-on is enabled
 * in a document, where only the menu may be built: nothing else is read here.
 */
export function onOpen(): void {
  SpreadsheetApp.getUi().createAddonMenu().addItem('Open converter', 'showSidebar').addToUi();
}

/** Installed from the Marketplace while a spreadsheet is open: the menu at once. */
export function onInstall(): void {
  onOpen();
}

export function showSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(ADDON_TITLE);
  SpreadsheetApp.getUi().showSidebar(html);
}

/** The Picker, in a dialog: a sidebar is too narrow for it. */
export function showPicker(): void {
  PropertiesService.getUserProperties().deleteProperty(PICKER_RESULT_KEY);
  const html = HtmlService.createHtmlOutputFromFile('Picker').setWidth(1051).setHeight(650);
  SpreadsheetApp.getUi().showModalDialog(html, 'Choose a PDF or image from Drive');
}

/** What the sidebar shows when it opens: the person's credits and where to buy more. */
export function getSidebarState(): SidebarState {
  const config = readConfig();
  const user = readUser();
  return {
    account: user.ok
      ? {
          email: user.user.email || null,
          name: user.user.name || null,
          credits: (user.user.topUpBalance ?? 0) + (user.user.defaultBalance ?? 0),
          maxBytes: addonMaxBytes(user.user),
        }
      : null,
    accountError: user.ok ? null : user.error,
    buyCreditsUrl: buyCreditsUrl(config),
    pickerAvailable: Boolean(config.pickerDeveloperKey && config.pickerAppId),
    pendingJob: pendingJob(),
  };
}

/**
 * The Picker's settings: the person's OAuth token (for drive.file), the developer key and the
 * app id (the Cloud project number) from Script Properties.
 */
export function getPickerConfig(): PickerConfig | { error: AddonError } {
  const config = readConfig();
  if (!config.pickerDeveloperKey || !config.pickerAppId) {
    return {
      error: addonError(
        'Picking from Drive is not set up (PICKER_DEVELOPER_KEY and PICKER_APP_ID).',
        'PICKER_NOT_CONFIGURED',
      ),
    };
  }
  return {
    oauthToken: ScriptApp.getOAuthToken(),
    developerKey: config.pickerDeveloperKey,
    appId: config.pickerAppId,
  };
}

/** The dialog's answer, kept for the sidebar (two frames that cannot talk to each other). */
export function pickerDone(result: { picked: PickedFile } | { cancelled: true }): void {
  // From a page's script: kept only as the plain fields the sidebar reads.
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const picked: unknown = 'picked' in result ? result.picked : null;
  const value: PickerResult =
    picked && typeof picked === 'object'
      ? {
          picked: {
            id: text((picked as Record<string, unknown>).id),
            name: text((picked as Record<string, unknown>).name),
            mimeType: text((picked as Record<string, unknown>).mimeType),
            sizeBytes: ((size) => (typeof size === 'number' ? size : null))(
              (picked as Record<string, unknown>).sizeBytes,
            ),
          },
        }
      : { cancelled: true };
  PropertiesService.getUserProperties().setProperty(PICKER_RESULT_KEY, JSON.stringify(value));
}

/** The sidebar asks until the dialog has answered; the answer is given once. */
export function takePickerResult(): PickerResult {
  const props = PropertiesService.getUserProperties();
  const stored = props.getProperty(PICKER_RESULT_KEY);
  if (!stored) return { waiting: true };
  props.deleteProperty(PICKER_RESULT_KEY);
  return JSON.parse(stored) as PickerResult;
}
