import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from '../toast/toast';
import { useCarryingNavigate } from './CarryLink';

// Spec §8: a navigation that fails is only logged (and reported), under the action 'navigation'.
// The router's navigate is the one thing made to fail here.
const navigate = jest.fn<Promise<void> | void, unknown[]>();
jest.mock('react-router-dom', () => ({
  ...jest.requireActual<typeof import('react-router-dom')>('react-router-dom'),
  useNavigate: () => navigate,
}));

function GoToPricing() {
  const go = useCarryingNavigate();
  return <button onClick={() => go('/pricing')}>Go</button>;
}

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  navigate.mockReset();
});
afterEach(() => logged.mockRestore());

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <GoToPricing />
    </MemoryRouter>,
  );

describe('useCarryingNavigate', () => {
  it('navigates with the carried parameters', async () => {
    renderAt('/?aff=a');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(navigate).toHaveBeenCalledWith('/pricing?aff=a', undefined);
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs a navigation that rejects under "navigation", with no toast', async () => {
    const toastError = jest.spyOn(toast, 'error');
    navigate.mockRejectedValueOnce(new Error('route module failed to load'));
    renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        '[navigation] failed:',
        expect.objectContaining({ message: 'route module failed to load' }),
      ),
    );
    expect(toastError).not.toHaveBeenCalled();
  });

  it('logs a navigation that throws at once the same way', async () => {
    navigate.mockImplementationOnce(() => {
      throw new Error('bad path');
    });
    renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(logged).toHaveBeenCalledWith(
      '[navigation] failed:',
      expect.objectContaining({ message: 'bad path' }),
    );
  });
});
