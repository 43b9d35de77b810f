import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeFeedbackPopup, toast, type RemoteModule } from 'shared-ui';
import { fakeLoader, mockApi, renderShell } from '../../testing/render-shell';

// The add-on navbar as the shell shows it around the add-on remote's routes (spec §2
// 'Navigation'): desktop items in the 'Add-on' navigation, the rest in the hamburger menu.
const addon = { navbar: 'addon', footer: 'addon' } as const;
const sheets: RemoteModule = {
  routes: [
    {
      path: '/pdf-to-sheets-extension',
      handle: { ...addon, landing: true },
      element: <h1>Add-on landing</h1>,
    },
    { path: '/sheets-extension-faq', handle: addon, element: <h1>Add-on FAQ</h1> },
    {
      path: '/sheets-extension-feedback',
      handle: { ...addon, hidePricing: true },
      element: <h1>Add-on feedback</h1>,
    },
  ],
  FeedbackForm: () => <p>Add-on feedback form</p>,
};
const textOcr: RemoteModule = {
  routes: [{ path: '/', handle: { navbar: 'main', footer: 'main' }, element: <h1>Home</h1> }],
};

const QUERY = '?aff=a&from=sheet';
const free = { name: 'Ana', email: 'ana@example.com', planType: 'Free user' };
const lifetime = { ...free, name: 'Lee', planType: 'Lifetime', isPremium: true };

/** Opens the add-on page at `path` for `user` and answers its navbar once the session is known. */
async function openAt(path: string, user: object | null) {
  mockApi(user ? { user } : {});
  renderShell(`${path}${QUERY}`, fakeLoader({ mfeSheetsAddon: sheets, mfeTextOcr: textOcr }));
  const nav = await screen.findByRole('navigation', { name: 'Add-on' });
  // The session control shows once /api/me answered: the greeting, or Login on the landing and
  // Home on the other pages.
  if (user) await within(nav).findByRole('link', { name: /^Account: Hello,/ });
  else if (path === '/pdf-to-sheets-extension')
    await within(nav).findByRole('button', { name: 'Login' });
  else await within(nav).findByRole('link', { name: 'Home' });
  return nav;
}

/** Opens the hamburger menu and lists its entries as [label, href or 'button']. */
async function mobileMenu() {
  await userEvent.click(screen.getByLabelText('Menu'));
  const menu = screen.getByRole('list', { name: 'Add-on menu' });
  return within(menu)
    .getAllByRole('listitem')
    .map((item) => {
      const control = item.firstElementChild as HTMLElement;
      return [control.textContent, control.getAttribute('href') ?? control.tagName.toLowerCase()];
    });
}

const MENU = [
  ['Affiliate', '/affiliate?aff=a'],
  ['Help', `/sheets-extension-contact-us${QUERY}`],
  ['How It Works', `/pdf-to-sheets-extension${QUERY}#how-it-works`],
  ['FAQs', `/pdf-to-sheets-extension${QUERY}#faq`],
];

afterEach(() => {
  act(() => closeFeedbackPopup());
});

describe('the add-on navbar for a visitor', () => {
  it('offers Pricing and Login on the landing, carrying the query string', async () => {
    const nav = await openAt('/pdf-to-sheets-extension', null);
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      `/sheets-extension-pricing${QUERY}`,
    );
    expect(within(nav).getByRole('link', { name: 'PDF to Sheets home' })).toHaveAttribute(
      'href',
      `/pdf-to-sheets-extension${QUERY}`,
    );
    expect(within(nav).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });

  it('offers Home instead of Login on the other add-on pages', async () => {
    const nav = await openAt('/sheets-extension-faq', null);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      `/pdf-to-sheets-extension${QUERY}`,
    );
    expect(within(nav).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('lists exactly Affiliate, Help, How It Works and FAQs in the mobile menu', async () => {
    await openAt('/pdf-to-sheets-extension', null);
    expect(await mobileMenu()).toEqual(MENU);
  });
});

describe('the add-on navbar for a signed-in free user', () => {
  it('greets them, links to the add-on account and offers Pricing', async () => {
    const nav = await openAt('/pdf-to-sheets-extension', free);
    expect(within(nav).getByRole('link', { name: 'Account: Hello, Ana' })).toHaveAttribute(
      'href',
      `/sheets-extension-user-account${QUERY}`,
    );
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('lists the same four items in the mobile menu, without Pricing or Feedback?', async () => {
    await openAt('/pdf-to-sheets-extension', free);
    expect(await mobileMenu()).toEqual(MENU);
  });

  it('hides Pricing on the feedback page', async () => {
    const nav = await openAt('/sheets-extension-feedback', free);
    expect(within(nav).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    expect(await mobileMenu()).toEqual(MENU);
  });
});

describe('the add-on navbar for a Lifetime user', () => {
  it("hides Pricing and adds 'Feedback?' to the mobile menu, which opens the add-on's form", async () => {
    const nav = await openAt('/pdf-to-sheets-extension', lifetime);
    expect(within(nav).getByRole('link', { name: 'Account: Hello, Lee' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    expect(await mobileMenu()).toEqual([...MENU, ['Feedback?', 'button']]);
    await userEvent.click(screen.getByRole('button', { name: 'Feedback?' }));
    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    expect(await within(dialog).findByText('Add-on feedback form')).toBeInTheDocument();
  });
});

describe('toasts on add-on pages', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    jest.useRealTimers();
  });

  it.each([
    ['an add-on page', '/pdf-to-sheets-extension', 3000],
    ['a text OCR page', '/', 5000],
  ])('close by themselves after the surface’s time on %s', async (_where, path, ms) => {
    mockApi({});
    renderShell(path, fakeLoader({ mfeSheetsAddon: sheets, mfeTextOcr: textOcr }));
    await screen.findByRole('heading', { level: 1 });
    // The toast's own timer starts when it shows: fake timers from here on.
    jest.useFakeTimers();
    toast('Saved'); // sonner loads on the first toast
    await act(() => jest.advanceTimersByTimeAsync(0));
    act(() => {
      jest.advanceTimersByTime(0);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ms - 500));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
