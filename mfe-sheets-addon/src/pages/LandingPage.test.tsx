import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  configureApi,
  configurePlatform,
  loadSession,
  loginFromHere,
  platformConfig,
  resetSession,
  type User,
} from 'shared-ui';
import { type DemoVideoAsset } from 'shared-ui/landing';
import { LANDING_META, LandingPage } from './LandingPage';

jest.mock('shared-ui', () => {
  const actual = jest.requireActual<typeof import('shared-ui')>('shared-ui');
  return { ...actual, loginFromHere: jest.fn() };
});
// The recording fills demo-video.ts; each test says whether there is one.
const mockDemo: { current: DemoVideoAsset | null } = { current: null };
jest.mock('../features/landing/demo-video', () => ({
  get demoVideo() {
    return mockDemo.current;
  },
}));

const USER: User = {
  name: 'Ana',
  email: 'ana@example.com',
  googleId: 'g',
  isPremium: false,
  planType: 'Free user',
};
const LISTING = 'https://marketplace.example/app/pdf-to-sheets';
const QUERY = '?aff=a&from=sheet';

let sessionAnswers = true;

/** Answers GET /api/me with `user`; 'pending' never answers. */
function session(user: User | null | 'pending') {
  resetSession();
  sessionAnswers = user !== 'pending';
  global.fetch = jest.fn(() =>
    user === 'pending'
      ? new Promise<Response>(() => undefined)
      : Promise.resolve(new Response(JSON.stringify({ user }))),
  ) as jest.Mock;
}

/** Renders the landing and lets the session call answer (unless it is pending). */
async function renderLanding(tool?: React.ReactNode) {
  const view = render(
    <MemoryRouter initialEntries={[`/pdf-to-sheets-extension${QUERY}`]}>
      <LandingPage {...(tool === undefined ? {} : { tool })} />
    </MemoryRouter>,
  );
  if (sessionAnswers) await act(() => loadSession());
  return view;
}

const defaultListing = platformConfig().addonListingUrl;
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  configurePlatform({ addonListingUrl: LISTING });
  mockDemo.current = null;
  (loginFromHere as jest.Mock).mockClear();
  session(null);
});
afterAll(() => configurePlatform({ addonListingUrl: defaultListing }));

describe('LandingPage hero', () => {
  it('has the headline, the 150+ professionals note and the badge to the configured listing', async () => {
    await renderLanding();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Convert PDF to Google Sheets in 1 Click' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Used by 150+ professionals')).toBeInTheDocument();
    const badge = screen.getByRole('link', {
      name: 'Available in Google Workspace Marketplace (opens in a new tab)',
    });
    expect(badge).toHaveAttribute('href', LISTING);
    expect(badge).toHaveAttribute('target', '_blank');
    expect(badge).toHaveAttribute('rel', 'noopener noreferrer');
    // The badge's picture is drawn here and hidden from screen readers; its words name it.
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('links the badge to whatever listing the environment configures', async () => {
    configurePlatform({ addonListingUrl: 'https://other.example/listing' });
    await renderLanding();
    expect(screen.getByRole('link', { name: /Google Workspace Marketplace/ })).toHaveAttribute(
      'href',
      'https://other.example/listing',
    );
  });

  it('gives the page its title and description', async () => {
    document.head.innerHTML = '<title>Shell</title><meta name="description" content="Shell">';
    await renderLanding();
    expect(document.title).toBe('Convert PDF to Google Sheets in 1 Click | PDF to Sheets');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      LANDING_META.description,
    );
    cleanup();
    expect(document.title).toBe('Shell');
    document.head.innerHTML = '';
  });
});

describe('LandingPage demo video', () => {
  it('has no video slot until the recording exists', async () => {
    const { container } = await renderLanding();
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows the poster as a play button, then plays the recording with controls and English captions', async () => {
    mockDemo.current = { src: 'demo.webm', captions: 'demo.vtt', poster: 'poster.png' };
    const { container } = await renderLanding();
    const figure = screen.getByRole('figure', {
      name: /Demo: a PDF’s table read into an editable grid and downloaded as CSV/,
    });
    // Nothing of the recording is fetched before it is asked for: its poster, in a button.
    expect(container.querySelector('video')).toBeNull();
    const play = within(figure).getByRole('button', { name: 'Play the demo video' });
    expect(play.querySelector('img')).toHaveAttribute('src', 'poster.png');
    await userEvent.click(play);
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(figure).toContainElement(video);
    expect(video).toHaveFocus();
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('autoplay');
    expect(video).toHaveAttribute('poster', 'poster.png');
    // The files are the remote's, cross-origin to the page: the captions track needs CORS.
    expect(video).toHaveAttribute('crossorigin', 'anonymous');
    expect(video.querySelector('source')).toHaveAttribute('src', 'demo.webm');
    expect(video.querySelector('source')).toHaveAttribute('type', 'video/webm');
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', 'demo.vtt');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(screen.queryByRole('button', { name: 'Play the demo video' })).not.toBeInTheDocument();
  });
});

describe('LandingPage sections', () => {
  it('says what it reads', async () => {
    await renderLanding();
    const reads = within(screen.getByRole('region', { name: 'What it reads' }));
    for (const what of ['Digital PDFs', 'Scanned PDFs', 'Phone photos', 'Invoices']) {
      expect(reads.getByText(what)).toBeInTheDocument();
    }
  });

  it("has the navbar's anchors: #how-it-works and #faq", async () => {
    const { container } = await renderLanding();
    const how = container.querySelector('#how-it-works');
    expect(how).toBe(screen.getByRole('region', { name: 'How it works' }));
    expect(within(how as HTMLElement).getByText(/pick one from your Google Drive/)).toBeVisible();
    expect(within(how as HTMLElement).getByText(/Insert into sheet/)).toBeVisible();
    expect(container.querySelector('#faq')).toBe(screen.getByRole('region', { name: 'FAQs' }));
  });

  it('states the credits facts and links to the add-on pricing, carrying the query', async () => {
    await renderLanding();
    const credits = within(screen.getByRole('region', { name: 'Credits and pricing' }));
    expect(credits.getByText('1 credit = 1 PDF page or 1 image.')).toBeInTheDocument();
    expect(credits.getByText('5 free credits per month.')).toBeInTheDocument();
    expect(credits.getByText(/up to 30 MB on paid plans/)).toBeInTheDocument();
    expect(credits.getByRole('link', { name: 'See plans and prices' })).toHaveAttribute(
      'href',
      `/sheets-extension-pricing${QUERY}`,
    );
  });

  it('lists the FAQ questions collapsed, with a link to the FAQ page', async () => {
    await renderLanding();
    const faq = within(screen.getByRole('region', { name: 'FAQs' }));
    const credits = faq.getByRole('button', { name: 'How do credits work?' });
    expect(credits).toHaveAttribute('aria-expanded', 'false');
    expect(faq.getByRole('heading', { level: 3, name: 'How do credits work?' })).toBeVisible();
    expect(faq.getByRole('link', { name: 'Open the FAQ page' })).toHaveAttribute(
      'href',
      `/sheets-extension-faq${QUERY}`,
    );
  });

  it('puts its headings in order: one h1, then h2 sections, then h3 questions', async () => {
    const { container } = await renderLanding();
    const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) =>
      Number(h.tagName[1]),
    );
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
    });
  });
});

describe('LandingPage converter slot', () => {
  const tool = <p>The converter</p>;

  it('shows the converter after the hero to a signed-in person', async () => {
    session(USER);
    const { container } = await renderLanding(tool);
    const slot = screen.getByRole('region', { name: 'Converter' });
    expect(slot).toHaveAttribute('id', 'converter');
    expect(within(slot).getByText('The converter')).toBeInTheDocument();
    // After the hero: the hero's section comes first in the page.
    const hero = screen.getByRole('region', { name: 'Convert PDF to Google Sheets in 1 Click' });
    expect(hero.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('#how-it-works')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try it on the web' })).not.toBeInTheDocument();
  });

  it('offers visitors a sign-in to the converter instead, which comes back here', async () => {
    session(null);
    await renderLanding(tool);
    await userEvent.click(screen.getByRole('button', { name: 'Try it on the web' }));
    expect(loginFromHere).toHaveBeenCalledWith(
      expect.objectContaining({ pathname: '/pdf-to-sheets-extension', search: QUERY }),
    );
    expect(screen.queryByText('The converter')).not.toBeInTheDocument();
  });

  it("shows neither while the session is loading, the button's place kept hidden", async () => {
    session('pending');
    await renderLanding(tool);
    expect(screen.queryByText('The converter')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try it on the web' })).not.toBeInTheDocument();
    // Its place is kept (the page does not move when it appears), out of reach of keyboard and
    // screen readers.
    const kept = screen.getByText('Try it on the web').closest('button');
    expect(kept).toHaveStyle({ visibility: 'hidden' });
    expect(kept).toHaveAttribute('aria-hidden', 'true');
    expect(kept).toHaveAttribute('tabindex', '-1');
  });

  it('has no slot and no sign-in button while no converter is mounted', async () => {
    session(USER);
    const { container } = await renderLanding();
    expect(container.querySelector('#converter')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try it on the web' })).not.toBeInTheDocument();
  });
});
