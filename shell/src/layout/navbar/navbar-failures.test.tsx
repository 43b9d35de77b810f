import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openFeedbackPopup, toast, track, type RemoteModule } from 'shared-ui';
import { fakeLoader, mockApi, renderShell } from '../../testing/render-shell';

// Spec §8: login and navigation failures are only logged (no toast), and every navbar action's
// error is logged with its action name (and reported through shared-ui's reportError).
jest.mock('shared-ui', () => {
  const actual = jest.requireActual<typeof import('shared-ui')>('shared-ui');
  return {
    ...actual,
    track: jest.fn(actual.track),
    openFeedbackPopup: jest.fn(actual.openFeedbackPopup),
  };
});

const main = { navbar: 'main', footer: 'main' } as const;
const textOcr: RemoteModule = {
  routes: [
    { path: '/', handle: { ...main, landing: true }, element: <h1>Home</h1> },
    { path: '/handwriting-ocr', handle: main, element: <h1>Handwriting</h1> },
  ],
  FeedbackForm: () => <p>Feedback form</p>,
};
const lifetime = { name: 'Lee', email: 'lee@example.com', planType: 'Lifetime', isPremium: true };

let logged: jest.SpyInstance;
let toastError: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  toastError = jest.spyOn(toast, 'error');
});
afterEach(() => {
  logged.mockRestore();
  toastError.mockRestore();
});

async function openAt(path: string, user: object | null) {
  mockApi(user ? { user } : {});
  renderShell(path, fakeLoader({ mfeTextOcr: textOcr }));
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  if (user) await within(nav).findByRole('link', { name: /^Account: Hello,/ });
  else await within(nav).findByRole('button', { name: 'Login' });
  return nav;
}

describe('navbar failures', () => {
  it('a failed sign-in is logged with its action and shows no toast', async () => {
    // mockApi answers session-init with a 404: the sign-in cannot start.
    const nav = await openAt('/', null);
    await userEvent.click(within(nav).getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        '[login] failed:',
        expect.objectContaining({ message: 'session-init answered 404' }),
      ),
    );
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByText(/Sign-in is not available/)).not.toBeInTheDocument();
  });

  it('a navbar link whose action fails logs it under the item’s name', async () => {
    const nav = await openAt('/handwriting-ocr', null);
    (track as jest.Mock).mockImplementationOnce(() => {
      throw new Error('analytics exploded');
    });
    await userEvent.click(within(nav).getByRole('link', { name: 'Pricing' }));
    expect(logged).toHaveBeenCalledWith(
      '[navbar:Pricing] failed:',
      expect.objectContaining({ message: 'analytics exploded' }),
    );
    expect(toastError).not.toHaveBeenCalled();
  });

  it('the Feedback? item that fails to open logs it under its name', async () => {
    await openAt('/handwriting-ocr', lifetime);
    (openFeedbackPopup as jest.Mock).mockImplementationOnce(() => {
      throw new Error('popup broke');
    });
    await userEvent.click(screen.getByLabelText('Menu'));
    await userEvent.click(screen.getByRole('button', { name: 'Feedback?' }));
    expect(logged).toHaveBeenCalledWith(
      '[navbar:Feedback?] failed:',
      expect.objectContaining({ message: 'popup broke' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
