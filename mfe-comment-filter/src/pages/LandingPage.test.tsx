import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { configurePlatform, platformConfig } from 'shared-ui';
import { type DemoVideoAsset } from 'shared-ui/landing';
import type { Classifier } from '../features/demo/load-classifier';
import { FAQ_ITEMS } from '../features/faq/faq-items';
import { LANDING_META, LandingPage } from './LandingPage';

// The recording fills demo-video.ts; each test says whether there is one.
const mockDemo: { current: DemoVideoAsset | null } = { current: null };
jest.mock('../features/landing/demo-video', () => ({
  get demoVideo() {
    return mockDemo.current;
  },
}));

const LISTING = 'https://chromewebstore.example/detail/comment-filter';
const QUERY = '?aff=a';
/** The page's content tests leave the classifier loading (the demo has its own tests). */
const pending = () => new Promise<Classifier>(() => undefined);

function renderLanding(url = `/yt-comment-filter${QUERY}`) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <LandingPage loadClassifier={pending} />
    </MemoryRouter>,
  );
}

const defaultListing = platformConfig().commentFilterListingUrl;
beforeEach(() => {
  configurePlatform({ commentFilterListingUrl: LISTING });
  mockDemo.current = null;
});
afterAll(() => configurePlatform({ commentFilterListingUrl: defaultListing }));

describe('LandingPage hero', () => {
  it('says what the extension does and for whom, with the store badge to the configured listing', () => {
    renderLanding();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Comment filter: see the positive comments first',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/A browser extension for YouTube that highlights the positive comments/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/For everyone who reads the comments under videos/),
    ).toBeInTheDocument();
    const badge = screen.getByRole('link', {
      name: 'Available in the Chrome Web Store (opens in a new tab)',
    });
    expect(badge).toHaveAttribute('href', LISTING);
    expect(badge).toHaveAttribute('target', '_blank');
    expect(badge).toHaveAttribute('rel', 'noopener noreferrer');
    // The badge's picture is drawn here and hidden from screen readers; its words name it.
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Try the live demo' })).toHaveAttribute(
      'href',
      '#demo',
    );
  });

  it('links the badge to whatever listing the environment configures', () => {
    configurePlatform({ commentFilterListingUrl: 'https://other.example/listing' });
    renderLanding();
    expect(screen.getByRole('link', { name: /Chrome Web Store/ })).toHaveAttribute(
      'href',
      'https://other.example/listing',
    );
  });

  it('gives the page its title and description', () => {
    document.head.innerHTML = '<title>Shell</title><meta name="description" content="Shell">';
    renderLanding();
    expect(document.title).toBe('Comment filter: see the positive comments first | Comment filter');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'A browser extension that highlights the positive comments under YouTube videos, at the strictness you choose. Try its classifier live on this page.',
    );
    expect(LANDING_META.title).toBe(document.title);
    cleanup();
    expect(document.title).toBe('Shell');
    document.head.innerHTML = '';
  });

  it('makes no claim of users or ratings, and is not under construction', () => {
    const { container } = renderLanding();
    const text = container.textContent;
    expect(text).not.toMatch(/under construction/i);
    expect(text).not.toMatch(/\d+\+|\busers\b|rating|★|stars/i);
  });
});

describe('LandingPage demo video', () => {
  it('has no video slot until the recording exists', () => {
    const { container } = renderLanding();
    expect(container.querySelector('video')).toBeNull();
  });

  it('shows the poster as a play button, then plays the recording with controls and English captions', async () => {
    mockDemo.current = { src: 'demo.webm', captions: 'demo.vtt', poster: 'poster.webp' };
    const { container } = renderLanding();
    const figure = screen.getByRole('figure', { name: /^Demo: the live demo on this page/ });
    // Nothing of the recording is fetched before it is asked for: its poster, in a button.
    expect(container.querySelector('video')).toBeNull();
    const play = within(figure).getByRole('button', { name: 'Play the demo video' });
    expect(play.querySelector('img')).toHaveAttribute('src', 'poster.webp');
    await userEvent.click(play);
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(figure).toContainElement(video);
    expect(video).toHaveFocus();
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('autoplay');
    expect(video).toHaveAttribute('poster', 'poster.webp');
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
  it('has what it does, how it works (#how-it-works) and the live demo (#demo)', () => {
    const { container } = renderLanding();
    const does = screen.getByRole('region', { name: 'What it does' });
    expect(within(does).getByText('Three strictness levels')).toBeInTheDocument();
    expect(does).toHaveTextContent('comments are not sent to our servers');
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(how).toHaveAttribute('id', 'how-it-works');
    expect(
      within(how)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Add the extension to your browser from the Chrome Web Store.',
      'Open a video on YouTube and scroll down to its comments.',
      'The positive comments are highlighted, and so are those that load as you scroll on.',
      'Choose how strict it is from the extension’s button in the toolbar.',
    ]);
    expect(container.querySelector('#demo')).toBe(
      screen.getByRole('region', { name: 'Try it here' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the classifier');
  });

  it('gives the refund terms of the premium plans, linking the refund policy with the query', () => {
    renderLanding();
    const refunds = screen.getByRole('region', { name: 'Premium plans and refunds' });
    expect(refunds).toHaveAttribute('id', 'refunds');
    expect(refunds).toHaveTextContent(
      'The comment filter’s premium plans are covered by our refund terms: the Yearly and Lifetime plans can be refunded within 30 days of purchase.',
    );
    expect(refunds).toHaveTextContent('Payment ID');
    expect(refunds).toHaveTextContent('5-7 business days');
    expect(within(refunds).getByRole('link', { name: 'Read the refund policy' })).toHaveAttribute(
      'href',
      `/refund-policy${QUERY}`,
    );
  });
});

describe('LandingPage FAQ', () => {
  it('lists every question as a closed disclosure under #faq', () => {
    renderLanding();
    const faq = screen.getByRole('region', { name: 'FAQs' });
    expect(faq).toHaveAttribute('id', 'faq');
    expect(
      within(faq)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(FAQ_ITEMS.map((item) => item.question));
    for (const item of FAQ_ITEMS) {
      expect(within(faq).getByRole('heading', { level: 3, name: item.question })).toBeVisible();
      expect(document.getElementById(item.id)).not.toBeNull();
    }
    expect(
      screen.getByText(
        /the Yearly and Lifetime plans can be refunded within 30 days of purchase. Send us/,
      ),
    ).not.toBeVisible();
  });

  it('opens the question its anchor names: the refund answer from #faq-refunds', () => {
    renderLanding(`/yt-comment-filter${QUERY}#faq-refunds`);
    const button = screen.getByRole('button', { name: 'Can I get a refund for a premium plan?' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(answer).toHaveTextContent(
      'The extension’s premium plans are covered by our refund terms: the Yearly and Lifetime plans can be refunded within 30 days of purchase.',
    );
    expect(
      within(answer as HTMLElement).getByRole('link', { name: 'Refund policy' }),
    ).toHaveAttribute('href', `/refund-policy${QUERY}`);
  });

  it('links the install answer to the configured store listing, in a new tab', async () => {
    renderLanding();
    await userEvent.click(screen.getByRole('button', { name: 'How do I install it?' }));
    const link = screen.getByRole('link', {
      name: 'Open the Chrome Web Store listing (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', LISTING);
    expect(link).toHaveAttribute('target', '_blank');
  });
});
