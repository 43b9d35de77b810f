import { act, render, screen } from '@testing-library/react';
import {
  browserNavigation,
  configurePlatform,
  resetSession,
  setAnalyticsSink,
  type AnalyticsEvent,
} from 'shared-ui';
import { SignupSuccessPage } from './SignupSuccessPage';

describe('SignupSuccessPage', () => {
  let assign: jest.SpyInstance;
  let events: AnalyticsEvent[];

  beforeEach(() => {
    jest.useFakeTimers();
    resetSession();
    global.fetch = jest.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ user: { name: 'Asha', email: 'asha@example.com' } }), {
          status: 200,
        }),
      ),
    );
    configurePlatform({ addonListingUrl: 'https://marketplace.example/app/123' });
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    events = [];
    setAnalyticsSink((event) => events.push(event));
  });
  afterEach(() => {
    assign.mockRestore();
    jest.useRealTimers();
  });

  it('greets by name, reports the conversion once, counts down 4 s and goes to the listing', async () => {
    render(<SignupSuccessPage />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha!' })).toBeInTheDocument();
    expect(events.filter((e) => e.event === 'ad_conversion')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('in 4 seconds');

    for (const left of ['3 seconds', '2 seconds', '1 second…']) {
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('status')).toHaveTextContent(`in ${left}`);
    }
    expect(assign).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(1000));
    expect(assign).toHaveBeenCalledWith('https://marketplace.example/app/123');
    expect(events.filter((e) => e.event === 'ad_conversion')).toHaveLength(1);
  });
});
