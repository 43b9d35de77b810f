import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, loginFromHere, resetSession, type User } from 'shared-ui';
import { DEMO_TEXT } from '../features/landing/DemoImage';
import { DESKTOP_HEADLINES, MOBILE_HEADLINES } from '../features/tool/headlines';
import { HomePage } from './HomePage';

jest.mock('shared-ui', () => {
  const actual = jest.requireActual<typeof import('shared-ui')>('shared-ui');
  return { ...actual, loginFromHere: jest.fn() };
});
// The tool has its own tests; here it only has to be there.
jest.mock('../features/tool/ExtractTool', () => ({
  ExtractTool: () => <p>The extraction tool</p>,
}));

type Engine = { kind: 'local' | 'vision'; name: string };

const LANGUAGES = [
  { code: '', name: 'Original language', translatable: true },
  { code: 'es', name: 'Spanish', translatable: true },
  { code: 'fr', name: 'French', translatable: true },
  { code: 'ja', name: 'Japanese', translatable: false },
];

function api({
  user = null,
  engines = [{ kind: 'local', name: 'Tesseract OCR' }],
}: {
  user?: User | null | 'pending';
  engines?: Engine[] | 'failing' | 'never';
}) {
  global.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value)));
    if (url.endsWith('/api/me')) {
      return user === 'pending' ? new Promise<Response>(() => undefined) : json({ user });
    }
    if (url.endsWith('/api/engines')) {
      if (engines === 'never') return new Promise<Response>(() => undefined);
      return engines === 'failing'
        ? Promise.resolve(new Response('{}', { status: 503 }))
        : json({ mode: 'local', engines });
    }
    if (url.endsWith('/api/languages')) return json({ languages: LANGUAGES });
    return Promise.reject(new Error(`unexpected call to ${url}`));
  }) as jest.Mock;
}

const USER: User = {
  name: 'Ana',
  email: 'ana@example.com',
  googleId: 'g',
  isPremium: false,
  planType: 'Free user',
};

/** Renders the page and waits for the calls it makes on mount (languages, engines). */
async function renderHome(variant: 'home' | 'handwriting' = 'home', url = '/?aff=x') {
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <HomePage variant={variant} />
    </MemoryRouter>,
  );
  await screen.findByText(/The list offers 3 languages/);
  return view;
}

function setPhoneWidth(phone: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: phone && query.includes('max-width: 768px'),
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
}

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  setPhoneWidth(false);
  (loginFromHere as jest.Mock).mockClear();
});

describe('HomePage for a visitor', () => {
  it("shows the hero: 'Try for free' signs in and comes back here", async () => {
    api({ user: null });
    await renderHome('home', '/?aff=x');
    await userEvent.click(await screen.findByRole('button', { name: 'Try for free' }));
    expect(loginFromHere).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/' }));
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Extract text from images, handwriting and PDFs',
      }),
    ).toBeInTheDocument();
  });

  it('links to the spreadsheet add-on, carrying the affiliate parameter', async () => {
    api({ user: null });
    await renderHome();
    expect(
      await screen.findByRole('link', { name: 'Tables and invoices? Try our spreadsheet add-on' }),
    ).toHaveAttribute('href', '/pdf-to-sheets-extension?aff=x');
  });

  it('shows the demo photo with alt text and the text the tool reads from it', async () => {
    api({ user: null });
    await renderHome();
    const image = await screen.findByRole('img', { name: /Notes from the library visit/ });
    expect(image).toHaveAttribute('src', 'test-asset-stub');
    expect(screen.getByLabelText('Text read from the demo photo').textContent).toBe(DEMO_TEXT);
  });

  it("names the configured engine in 'Powered by'", async () => {
    api({ user: null });
    await renderHome();
    expect(await screen.findByText('Powered by Tesseract OCR')).toBeInTheDocument();
  });

  it("keeps 'Powered by's line, empty and hidden, until the engines are known", async () => {
    api({ user: null, engines: 'never' });
    const { container } = await renderHome();
    await screen.findByRole('button', { name: 'Try for free' });
    expect(screen.queryByText(/Powered by/)).not.toBeInTheDocument();
    const hero = container.querySelector('section[aria-labelledby="hero-title"] > div');
    const kept = hero?.querySelector('p[aria-hidden="true"]');
    expect(kept?.textContent).toBe('\u00a0');
  });

  it("names both engines in 'Powered by' when the vision model is configured beside Tesseract", async () => {
    api({
      user: null,
      engines: [
        { kind: 'local', name: 'Tesseract OCR' },
        { kind: 'vision', name: 'gpt-4o-mini' },
      ],
    });
    await renderHome();
    expect(await screen.findByText('Powered by Tesseract OCR and gpt-4o-mini')).toBeInTheDocument();
  });

  it("names only the vision model in 'Powered by' when it reads every page", async () => {
    api({ user: null, engines: [{ kind: 'vision', name: 'gpt-4o-mini (vision model)' }] });
    await renderHome();
    expect(await screen.findByText('Powered by gpt-4o-mini (vision model)')).toBeInTheDocument();
    expect(screen.queryByText(/Tesseract/)).not.toBeInTheDocument();
  });

  it('names no engine at all when the API cannot say which it uses', async () => {
    api({ user: null, engines: 'failing' });
    await renderHome();
    await screen.findByRole('button', { name: 'Try for free' });
    expect(screen.queryByText(/Powered by/)).not.toBeInTheDocument();
  });

  it('has its own headline on /handwriting-ocr', async () => {
    api({ user: null });
    await renderHome('handwriting', '/handwriting-ocr');
    expect(await screen.findByRole('button', { name: 'Try for free' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Handwriting to text, in seconds' }),
    ).toBeInTheDocument();
  });

  it('shows neither the hero button nor the tool while the session is loading', async () => {
    api({ user: 'pending' });
    await renderHome();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('button', { name: 'Try for free' })).not.toBeInTheDocument();
    expect(screen.queryByText('The extraction tool')).not.toBeInTheDocument();
  });
});

describe('HomePage sections', () => {
  it('has use cases, why this app, how it works (#how-it-works) and the FAQ (#faq)', async () => {
    api({ user: null });
    const { container } = await renderHome();
    await screen.findByRole('button', { name: 'Try for free' });
    expect(screen.getByRole('heading', { name: 'Who uses it' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why this app' })).toBeInTheDocument();
    expect(container.querySelector('#how-it-works')).toHaveTextContent('How it works');
    expect(container.querySelector('#faq')).toHaveTextContent('FAQ');
    // Spec §1's target users, each named in the use cases.
    const useCases = within(screen.getByRole('region', { name: 'Who uses it' })).getAllByRole(
      'listitem',
    );
    const named = useCases.map((item) => item.querySelector('strong')?.textContent ?? '');
    for (const who of [
      /students/i,
      /researchers/i,
      /accountants/i,
      /government analysts/i,
      /data-entry workers/i,
      /virtual assistants/i,
      /legal/i,
      /healthcare/i,
      /journalists/i,
      /travellers/i,
      /teachers/i,
      /developers/i,
      /\banalysts/i,
      /affiliates/i,
    ]) {
      expect(named.some((text) => who.test(text))).toBe(true);
    }
    expect(screen.getByRole('link', { name: 'affiliate programme' })).toHaveAttribute(
      'href',
      '/affiliate?aff=x',
    );
  });

  it('answers in the FAQ that Yearly and Lifetime have a 30-day refund, linking the refund policy', async () => {
    api({ user: null });
    await renderHome();
    const faq = within(await screen.findByRole('region', { name: 'FAQ' }));
    expect(faq.getByText('Can I get a refund?')).toBeVisible();
    expect(faq.getByText(/Yearly and Lifetime plans come with a 30-day refund/)).toBeVisible();
    expect(faq.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refund-policy?aff=x',
    );
  });

  it('counts the languages the API lists and states the plan limits', async () => {
    api({ user: null });
    await renderHome();
    const faq = within(await screen.findByRole('region', { name: 'FAQ' }));
    expect(await faq.findByText(/The list offers 3 languages/)).toBeInTheDocument();
    expect(faq.getByText(/5 extractions a day on the free plan, images up to 5 MB/)).toBeVisible();
    expect(faq.getByText(/up to 30 MB/)).toBeVisible();
  });
});

describe('HomePage for a signed-in person', () => {
  it.each([
    ['a free user', USER, 'Try 5 extractions free'],
    [
      'a Pro Monthly subscriber',
      { ...USER, isPremium: true, planType: 'Pro Monthly' as const },
      'Pro Monthly',
    ],
    [
      'a Lifetime user',
      { ...USER, isPremium: true, planType: 'Lifetime' as const },
      'Lifetime plan',
    ],
  ])('shows %s the banner %p and the tool', async (_who, user, banner) => {
    api({ user });
    await renderHome();
    expect(await screen.findByText(banner)).toBeInTheDocument();
    expect(await screen.findByText('The extraction tool')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try for free' })).not.toBeInTheDocument();
  });

  it('picks the headline once per visit from the 3 desktop variants on a wide screen', async () => {
    api({ user: USER });
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const { rerender } = await renderHome();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(DESKTOP_HEADLINES[1]);
    random.mockReturnValue(0);
    rerender(
      <MemoryRouter initialEntries={['/?aff=x']}>
        <HomePage variant="home" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(DESKTOP_HEADLINES[1]);
    random.mockRestore();
  });

  it('picks from the 4 mobile variants on a phone', async () => {
    setPhoneWidth(true);
    api({ user: USER });
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.99);
    await renderHome();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(MOBILE_HEADLINES[3]);
    random.mockRestore();
  });
});
