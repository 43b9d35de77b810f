import { BUILD_CONFIG } from '../common/build-config';
import { browserChrome } from '../common/chrome-api';
import { mountPopup } from './popup';

const chrome = browserChrome();
mountPopup(document, {
  storage: chrome.storage.sync,
  openTab: (url) => chrome.tabs.create({ url }),
  fetch: (input, init) => fetch(input, init),
  config: BUILD_CONFIG,
}).catch((error: unknown) => console.error('Comment Filter popup could not start', error));
