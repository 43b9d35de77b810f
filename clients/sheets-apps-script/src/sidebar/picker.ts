// The Picker dialog: Google Picker over the person's Drive (PDFs and images), with their OAuth
// token, the developer key and the app id the server reads from Script Properties. The picked
// file is handed to the server, which keeps it for the sidebar; then the dialog closes.
import type { PickerConfig } from '../shared/sidebar-api.js';
import { callServer } from './server.js';
import { ACCEPTED_TYPES } from './view-model.js';

const message = document.getElementById('message');

function fail(text: string): void {
  if (message) message.textContent = text;
}

function open(config: PickerConfig): void {
  const view = new google.picker.DocsView(google.picker.ViewId.DOCS);
  view.setMimeTypes(ACCEPTED_TYPES.join(','));
  view.setIncludeFolders(true);
  new google.picker.PickerBuilder()
    .addView(view)
    .setOAuthToken(config.oauthToken)
    .setDeveloperKey(config.developerKey)
    .setAppId(config.appId)
    .setOrigin(google.script.host.origin)
    .setSize(1051 - 2, 650 - 2)
    .setTitle('Choose a PDF or image')
    .setCallback((data) => {
      const doc = data.docs?.[0];
      if (data.action === google.picker.Action.PICKED && doc) {
        const picked = {
          id: doc.id,
          name: doc.name,
          mimeType: doc.mimeType,
          sizeBytes: typeof doc.sizeBytes === 'number' ? doc.sizeBytes : null,
        };
        callServer('pickerDone', { picked }).then(() => google.script.host.close(), onError);
      } else if (data.action === google.picker.Action.CANCEL) {
        callServer('pickerDone', { cancelled: true }).then(
          () => google.script.host.close(),
          onError,
        );
      }
    })
    .build()
    .setVisible(true);
}

function onError(error: unknown): void {
  fail(error instanceof Error ? error.message : String(error));
}

callServer('getPickerConfig').then((config) => {
  if ('error' in config) return fail(config.error.message);
  gapi.load('picker', () => open(config));
}, onError);
