// The popup's behaviour over popup.html: the on/off switch and the strictness levels (saved in
// sync storage, which every open watch page follows), who is signed in, sign-in, and the about
// text with the classifier's attribution.
import { SENTIMENT_ATTRIBUTION, STRICTNESS_LEVELS, type Strictness } from 'sentiment-classifier';
import type { BuildConfig } from '../common/build-config';
import type { SyncStorage } from '../common/chrome-api';
import { loadSettings, saveSettings } from '../common/settings';
import { describeAccount, fetchAccount, signInUrl } from './account';

export type PopupDeps = {
  storage: SyncStorage;
  openTab: (url: string) => Promise<unknown>;
  fetch: typeof fetch;
  config: BuildConfig;
};

export const STRICTNESS_TEXT: Readonly<Record<Strictness, { label: string; hint: string }>> = {
  relaxed: { label: 'Relaxed', hint: 'Any comment leaning to the good side' },
  balanced: { label: 'Balanced', hint: 'A clear positive word that nothing outweighs' },
  strict: { label: 'Strict', hint: 'Plain enthusiasm only' },
};

function required<T extends Element>(document: Document, selector: string, type: new () => T): T {
  const element = document.querySelector(selector);
  if (!(element instanceof type)) throw new Error(`popup.html has no ${selector}`);
  return element;
}

function strictnessChoices(document: Document, fieldset: HTMLFieldSetElement): HTMLInputElement[] {
  return STRICTNESS_LEVELS.map((level) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'strictness';
    input.value = level;
    const hint = document.createElement('span');
    hint.className = 'hint';
    hint.textContent = STRICTNESS_TEXT[level].hint;
    label.append(input, ` ${STRICTNESS_TEXT[level].label}`, hint);
    fieldset.append(label);
    return input;
  });
}

/** Wires the popup; resolves once the settings and the account are shown. */
export async function mountPopup(document: Document, deps: PopupDeps): Promise<void> {
  const enabled = required(document, '#enabled', HTMLInputElement);
  const fieldset = required(document, '#strictness', HTMLFieldSetElement);
  const status = required(document, '#account-status', HTMLElement);
  const signIn = required(document, '#sign-in', HTMLButtonElement);
  const attribution = required(document, '#attribution', HTMLElement);
  const landing = required(document, '#landing', HTMLAnchorElement);

  attribution.textContent = SENTIMENT_ATTRIBUTION;
  landing.href = `${deps.config.webUrl}/yt-comment-filter`;
  const choices = strictnessChoices(document, fieldset);

  const settings = await loadSettings(deps.storage);
  enabled.checked = settings.enabled;
  fieldset.disabled = !settings.enabled;
  for (const choice of choices) choice.checked = choice.value === settings.strictness;

  enabled.addEventListener('change', () => {
    fieldset.disabled = !enabled.checked;
    void saveSettings(deps.storage, { enabled: enabled.checked });
  });
  for (const choice of choices) {
    choice.addEventListener('change', () => {
      const level = STRICTNESS_LEVELS.find((candidate) => candidate === choice.value);
      if (choice.checked && level) void saveSettings(deps.storage, { strictness: level });
    });
  }
  signIn.addEventListener('click', () => {
    void deps.openTab(signInUrl(deps.config));
  });

  const account = await fetchAccount(deps.fetch, deps.config);
  status.textContent = describeAccount(account);
  signIn.hidden = account.state === 'signed-in';
}
