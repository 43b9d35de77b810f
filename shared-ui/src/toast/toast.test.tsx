import { act, render, screen } from '@testing-library/react';
import { toast, ToastHost } from './toast';

// sonner adds a toast on the next tick.
const show = (message: string) => {
  act(() => {
    toast(message);
    jest.advanceTimersByTime(0);
  });
};

describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    jest.useRealTimers();
  });

  it('sits bottom right and announces its Alt+T hotkey', () => {
    render(<ToastHost surface="main" />);
    show('Hello');
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

  it.each([
    ['main', 5000],
    ['addon', 3000],
  ] as const)('closes a toast on the %s surface after %i ms', (surface, ms) => {
    render(<ToastHost surface={surface} />);
    show('Saved');
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ms - 500));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
