/**
 * @jest-environment jsdom
 */
// The popup (popup.html with popup.ts) on jsdom: the switch and the classifier's levels saved to
// sync storage, who is signed in from GET /api/me, sign-in in a new tab, the attribution.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SENTIMENT_ATTRIBUTION, STRICTNESS_LEVELS } from 'sentiment-classifier';
import { LOCAL_BUILD_CONFIG } from '../src/common/build-config';
import { SETTINGS_KEY } from '../src/common/settings';
import { mountPopup } from '../src/popup/popup';
import { memoryStorage, type MemoryChrome } from './support';

const html = readFileSync(path.join(__dirname, '..', 'src', 'popup', 'popup.html'), 'utf8');

type FetchCall = { url: string; init: RequestInit | undefined };

function replyWith(status: number, body: unknown) {
  const calls: FetchCall[] = [];
  const fetchFn = (input: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url: input, init });
    // The parts of a Response the popup reads (jsdom has no Fetch API classes).
    const response = {
      ok: status >= 200 && status < 300,
      status,
      json: () => Promise.resolve(body),
    };
    return Promise.resolve(response as unknown as Response);
  };
  return { calls, fetchFn: fetchFn as typeof fetch };
}

let storage: MemoryChrome;
let opened: string[];

async function openPopup(fetchFn: typeof fetch): Promise<void> {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
  await mountPopup(document, {
    storage: storage.sync,
    openTab: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    fetch: fetchFn,
    config: LOCAL_BUILD_CONFIG,
  });
}

const radio = (value: string): HTMLInputElement => {
  const input = document.querySelector(`input[name="strictness"][value="${value}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no ${value} radio`);
  return input;
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  storage = memoryStorage();
  opened = [];
});

describe('the popup', () => {
  it("offers the classifier's levels, the saved one checked", async () => {
    await storage.sync.set({ [SETTINGS_KEY]: { enabled: true, strictness: 'strict' } });
    await openPopup(replyWith(200, {}).fetchFn);
    const levels = [...document.querySelectorAll<HTMLInputElement>('input[name="strictness"]')];
    expect(levels.map((input) => input.value)).toEqual([...STRICTNESS_LEVELS]);
    expect(radio('strict').checked).toBe(true);
    expect(document.querySelector('#strictness legend')?.textContent).toBe('Strictness');
    expect(radio('relaxed').labels?.[0]?.textContent).toContain('Relaxed');
  });

  it('saves a strictness picked and the switch turned off', async () => {
    await openPopup(replyWith(200, {}).fetchFn);
    radio('relaxed').click();
    await flush();
    expect(storage.data.get(SETTINGS_KEY)).toEqual({ enabled: true, strictness: 'relaxed' });
    const toggle = document.querySelector<HTMLInputElement>('#enabled');
    expect(toggle?.getAttribute('role')).toBe('switch');
    expect(toggle?.checked).toBe(true);
    toggle?.click();
    await flush();
    expect(storage.data.get(SETTINGS_KEY)).toEqual({ enabled: false, strictness: 'relaxed' });
    expect(document.querySelector<HTMLFieldSetElement>('#strictness')?.disabled).toBe(true);
  });

  it('shows who is signed in on the platform, asking the API with its cookie', async () => {
    const api = replyWith(200, {
      user: { name: 'Ada Lovelace', email: 'ada@example.test', googleId: 'g', isPremium: false },
    });
    await openPopup(api.fetchFn);
    expect(api.calls).toEqual([
      {
        url: 'http://localhost:4000/api/me',
        init: expect.objectContaining({ credentials: 'include' }) as RequestInit,
      },
    ]);
    expect(document.querySelector('#account-status')?.textContent).toBe(
      'Signed in as Ada Lovelace (ada@example.test)',
    );
    expect(document.querySelector<HTMLButtonElement>('#sign-in')?.hidden).toBe(true);
  });

  it('signs in through the platform in a new tab that comes back to /?source=extension', async () => {
    await openPopup(replyWith(200, {}).fetchFn);
    expect(document.querySelector('#account-status')?.textContent).toBe('Not signed in.');
    document.querySelector<HTMLButtonElement>('#sign-in')?.click();
    expect(opened).toEqual(['http://localhost:4000/auth/google?state=%2F%3Fsource%3Dextension']);
  });

  it('says so when the platform cannot be reached, and still offers sign-in', async () => {
    await openPopup(replyWith(503, { code: 'UNAVAILABLE' }).fetchFn);
    expect(document.querySelector('#account-status')?.textContent).toBe(
      'The platform cannot be reached right now.',
    );
    expect(document.querySelector<HTMLButtonElement>('#sign-in')?.hidden).toBe(false);
  });

  it("shows the classifier's attribution and links to the extension's page", async () => {
    await openPopup(replyWith(200, {}).fetchFn);
    expect(document.querySelector('#attribution')?.textContent).toBe(SENTIMENT_ATTRIBUTION);
    expect(document.querySelector<HTMLAnchorElement>('#landing')?.href).toBe(
      'http://localhost:3000/yt-comment-filter',
    );
  });
});
