import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  closeFeedbackPopup,
  setAnalyticsSink,
  toast,
  type AnalyticsEvent,
  type RemoteModule,
} from 'shared-ui';
import { ADS_CLICK_KEY, buildRuntimeConfig } from 'contracts';
import { fakeLoader, mockApi, renderShell } from '../testing/render-shell';

const textOcr: RemoteModule = {
  routes: [
    {
      path: '/',
      handle: { navbar: 'main', footer: 'main', landing: true },
      element: <h1>Home page</h1>,
    },
    {
      path: '/contact-us',
      handle: { navbar: 'main', footer: 'main' },
      element: <h1>Contact page</h1>,
    },
  ],
  FeedbackForm: () => <p>Remote feedback form</p>,
};
const sheets: RemoteModule = {
  routes: [
    {
      path: '/sheets-extension-faq',
      handle: { navbar: 'addon', footer: 'addon' },
      element: <h1>Add-on FAQ</h1>,
    },
    {
      path: '/sheets-extension-contact-us',
      handle: { navbar: 'addon', footer: 'addon' },
      element: <h1>Add-on contact</h1>,
    },
  ],
};

// The feedback popup's open state is shared (remotes open it too): close it between tests.
afterEach(() => {
  act(() => closeFeedbackPopup());
});

describe('the shell layout', () => {
  it('shows neither Login nor the account while the session is unknown', async () => {
    mockApi('pending');
    renderShell('/', fakeLoader({ mfeTextOcr: textOcr }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Hello,/)).not.toBeInTheDocument();
  });

  it('shows Login to a visitor, also when the session call fails', async () => {
    mockApi('error');
    renderShell('/', fakeLoader({ mfeTextOcr: textOcr }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it("greets a signed-in user with 'Hello,' and links to the account, keeping aff", async () => {
    mockApi({ user: { name: 'Asha', email: 'asha@example.com', planType: 'Free user' } });
    renderShell('/?aff=x', fakeLoader({ mfeTextOcr: textOcr }));
    const account = await screen.findByRole('link', { name: 'Account: Hello, Asha' });
    expect(account).toHaveAttribute('href', '/user-account?aff=x');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Support inbox' })).not.toBeInTheDocument();
  });

  it('links the support team to their inbox next to the account', async () => {
    mockApi({
      user: { name: 'Sam', email: 'sam@example.com', planType: 'Free user', roles: ['support'] },
    });
    renderShell('/?aff=x', fakeLoader({ mfeTextOcr: textOcr }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const inbox = await within(nav).findByRole('link', { name: 'Support inbox' });
    expect(inbox).toHaveAttribute('href', '/support?aff=x');
  });

  it('carries aff through navbar and footer links', async () => {
    mockApi({});
    renderShell('/?aff=x&sourceId=s', fakeLoader({ mfeTextOcr: textOcr }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/pricing?aff=x&sourceId=s',
    );
    expect(within(nav).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/?aff=x#faq');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy?aff=x',
    );
  });

  it('uses the add-on navbar and footer (with FAQ) when the route asks for them', async () => {
    mockApi({});
    renderShell('/sheets-extension-faq?ref=sheet', fakeLoader({ mfeSheetsAddon: sheets }));
    expect(await screen.findByRole('heading', { name: 'Add-on FAQ' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Add-on' })).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      '/sheets-extension-faq?ref=sheet',
    );
    // A signed-out visitor on an add-on page that is not the landing gets Home, not Login.
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/pdf-to-sheets-extension?ref=sheet',
    );
  });

  it('moves between pages of a loaded remote without a loading state or a navbar change', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderShell(
      '/sheets-extension-faq',
      fakeLoader({ mfeSheetsAddon: sheets }, { settleOnce: true }),
    );
    await screen.findByRole('heading', { name: 'Add-on FAQ' });
    await screen.findByRole('navigation', { name: 'Add-on' });
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'Contact Us' }));
    expect(screen.getByRole('heading', { name: 'Add-on contact' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Add-on' })).toBeInTheDocument();
  });

  it("opens the feedback popup from the footer's 'Feedback ?' with the remote's form", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderShell('/', fakeLoader({ mfeTextOcr: textOcr }));
    await user.click(await screen.findByRole('button', { name: 'Feedback ?' }));
    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    expect(await within(dialog).findByText('Remote feedback form')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the hamburger menu with the landing items', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderShell('/', fakeLoader({ mfeTextOcr: textOcr }));
    // jsdom applies no media queries: the burger keeps its desktop display: none, so it has
    // no accessible role there; find it by its label.
    const burger = await screen.findByLabelText('Menu');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('list', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Affiliate', 'Help ?', 'How It Works', 'FAQs', 'Pricing']);
  });
});

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => {
      toast.dismiss();
      jest.advanceTimersByTime(1000);
    });
    jest.useRealTimers();
  });

  // sonner loads on the first toast, then adds it on the next tick.
  const show = async (message: string) => {
    toast(message);
    await act(() => jest.advanceTimersByTimeAsync(0));
    act(() => {
      jest.advanceTimersByTime(0);
    });
    expect(screen.getByText(message)).toBeInTheDocument();
  };

  it.each([
    ['an add-on page', 'is closed', '/sheets-extension-faq', 'Add-on FAQ', true],
    ['a main page', 'is still open (it closes at 5 s)', '/contact-us', 'Contact page', false],
  ] as const)(
    'on %s, a toast opened 3 s ago %s',
    async (_page, _state, path, heading, closedAt3s) => {
      mockApi({});
      renderShell(path, fakeLoader({ mfeTextOcr: textOcr, mfeSheetsAddon: sheets }));
      await screen.findByRole('heading', { name: heading });
      await show('Saved');
      act(() => jest.advanceTimersByTime(2500));
      expect(screen.getByText('Saved')).toBeInTheDocument();
      // 3000 ms and sonner's exit animation.
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByText('Saved') === null).toBe(closedAt3s);
      act(() => jest.advanceTimersByTime(2000));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    },
  );
});

describe('the navbar of a Lifetime user', () => {
  const lifetimeUser = {
    name: 'Lee',
    email: 'lee@example.com',
    planType: 'Lifetime',
    isPremium: true,
  };

  it("hides Pricing on desktop and offers 'Feedback?' in the menu, which opens the popup", async () => {
    mockApi({ user: lifetimeUser });
    const user = userEvent.setup();
    renderShell('/contact-us', fakeLoader({ mfeTextOcr: textOcr }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Account: Hello, Lee' });
    expect(within(nav).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Menu'));
    const menu = screen.getByRole('list', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Feedback?' }));
    expect(screen.getByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('still shows Pricing to a Pro Monthly subscriber', async () => {
    mockApi({ user: { ...lifetimeUser, planType: 'Pro Monthly' } });
    renderShell('/contact-us', fakeLoader({ mfeTextOcr: textOcr }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Account: Hello, Lee' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
  });
});

describe('Share & Earn', () => {
  it('opens the configured affiliate sign-up in a new tab', async () => {
    mockApi({});
    renderShell(
      '/?aff=x',
      fakeLoader({ mfeTextOcr: textOcr }),
      buildRuntimeConfig({ AFFILIATE_SIGNUP_URL: 'https://pay.example/affiliates' }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Share & Earn' });
    expect(link).toHaveAttribute('href', 'https://pay.example/affiliates');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens the default, this site’s /affiliate page, in a new tab keeping aff', async () => {
    mockApi({});
    renderShell('/?aff=x', fakeLoader({ mfeTextOcr: textOcr }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Share & Earn' });
    expect(link).toHaveAttribute('href', '/affiliate?aff=x');
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('analytics', () => {
  it('reports pricing_clicked, affiliate_clicked and every button click', async () => {
    mockApi({});
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => events.push(event));
    const user = userEvent.setup();
    renderShell('/', fakeLoader({ mfeTextOcr: textOcr }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Share & Earn' }));
    await user.click(within(nav).getByRole('link', { name: 'Pricing' }));
    await user.click(screen.getByRole('button', { name: 'Feedback ?' }));
    expect(events.map((e) => [e.event, e.props])).toEqual([
      ['affiliate_clicked', {}],
      ['pricing_clicked', {}],
      ['button_click', { label: 'Feedback ?' }],
    ]);
  });
});

describe('the ad-click record (spec §7)', () => {
  const billing: RemoteModule = {
    routes: [
      { path: '/pricing', handle: { navbar: 'main', footer: 'main' }, element: <h1>Pricing</h1> },
    ],
  };
  const remotes = { mfeTextOcr: textOcr, mfeSheetsAddon: sheets, mfeBilling: billing };

  beforeEach(() => localStorage.clear());

  it.each([
    ['/pricing', 'Pricing'],
    ['/sheets-extension-faq', 'Add-on FAQ'],
    ['/', 'Home page'],
  ])('is stored when an ad lands on %s', async (path, heading) => {
    mockApi({});
    renderShell(
      `${path}?gclid=Cj0K&searchTerm=pdf+to+sheets&keyword=ocr&aff=x`,
      fakeLoader(remotes),
    );
    await screen.findByRole('heading', { name: heading });
    expect(JSON.parse(localStorage.getItem(ADS_CLICK_KEY) ?? 'null')).toMatchObject({
      clickIdParam: 'gclid',
      clickId: 'Cj0K',
      searchTerm: 'pdf to sheets',
      keyword: 'ocr',
    });
  });

  it('is not stored by a landing without a click id', async () => {
    mockApi({});
    renderShell('/pricing?searchTerm=pdf&keyword=ocr', fakeLoader(remotes));
    await screen.findByRole('heading', { name: 'Pricing' });
    expect(localStorage.getItem(ADS_CLICK_KEY)).toBeNull();
  });
});

describe('routing', () => {
  it('shows the 404 page with a Return to Home link for any other path', async () => {
    mockApi({});
    renderShell('/no/such/page?aff=x', fakeLoader({}));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/?aff=x');
  });

  it('shows a fallback with Retry inside the layout when a remote cannot load, and retries', async () => {
    mockApi({});
    const user = userEvent.setup();
    const modules: Record<string, RemoteModule> = {};
    const loader = fakeLoader(modules);
    renderShell('/contact-us', loader);
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    modules.mfeTextOcr = textOcr; // the remote is back
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Contact page' })).toBeInTheDocument();
    expect(loader.retry).toHaveBeenCalledWith('mfeTextOcr');
  });

  it('keeps a crashing remote page from blanking the shell', async () => {
    mockApi({});
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Crash = () => {
      throw new Error('boom');
    };
    const crashing: RemoteModule = {
      routes: [{ path: '/', handle: { navbar: 'main', footer: 'main' }, element: <Crash /> }],
    };
    renderShell('/', fakeLoader({ mfeTextOcr: crashing }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument(),
    );
  });
});
