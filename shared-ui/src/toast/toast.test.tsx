import { act, render, screen } from '@testing-library/react';
import { toast, ToastHost } from './toast';

// sonner loads on the first toast, then adds it on the next tick.
const show = async (message: string) => {
  toast(message);
  await act(() => jest.advanceTimersByTimeAsync(0));
  act(() => {
    jest.advanceTimersByTime(0);
  });
};

describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => {
      toast.dismiss();
      jest.advanceTimersByTime(1000);
    });
    jest.useRealTimers();
  });

  it('renders no toast region, and so needs no sonner, before the first toast', () => {
    const { container } = render(<ToastHost surface="main" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('sits bottom right and announces its Alt+T hotkey', async () => {
    render(<ToastHost surface="main" />);
    await show('Hello');
    const region = screen.getByRole('region', { name: /alt\+T/i });
    expect(region.querySelector('[data-sonner-toaster]')).toHaveAttribute(
      'data-x-position',
      'right',
    );
    expect(region.querySelector('[data-sonner-toaster]')).toHaveAttribute(
      'data-y-position',
      'bottom',
    );
  });

  it('shows a toast asked for before the host mounted', async () => {
    toast.error('Too early');
    await act(() => jest.advanceTimersByTimeAsync(0)); // sonner loads, no host yet
    render(<ToastHost surface="main" />);
    await act(() => jest.advanceTimersByTimeAsync(0)); // the host mounts sonner's Toaster
    act(() => {
      jest.advanceTimersByTime(0);
    });
    expect(screen.getByText('Too early')).toBeInTheDocument();
  });

  it.each([
    ['main', 5000],
    ['addon', 3000],
  ] as const)('closes a toast on the %s surface after %i ms', async (surface, ms) => {
    render(<ToastHost surface={surface} />);
    await show('Saved');
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ms - 500));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
