import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configurePlatform, setAnalyticsSink, type AnalyticsEvent } from 'shared-ui';
import { AffiliatePage } from './AffiliatePage';

describe('AffiliatePage', () => {
  it("opens the configured sign-up in a new tab from 'Become an affiliate'", async () => {
    configurePlatform({ affiliateSignupUrl: 'https://pay.example/affiliates' });
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => events.push(event));
    render(<AffiliatePage />);
    const link = screen.getByRole('link', { name: /^Become an affiliate/ });
    expect(link).toHaveAttribute('href', 'https://pay.example/affiliates');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveAccessibleName('Become an affiliate (opens in a new tab)');
    await userEvent.click(link);
    expect(events.map((e) => e.event)).toEqual(['affiliate_clicked']);
  });

  it('answers the FAQ: 30% on every sale with repeats, $10 minimum, 30-day hold, 14th and 28th, fees', () => {
    configurePlatform({ affiliateSignupUrl: 'https://pay.example/affiliates' });
    render(<AffiliatePage />);
    const text = document.body.textContent;
    expect(text).toContain('30% commission on every sale');
    expect(text).toContain('including repeat purchases');
    expect(text).toContain('at least $10');
    expect(text).toContain('held for 30 days');
    expect(text).toContain('14th and 28th');
    expect(text).toContain('Payment providers may deduct');
    expect(screen.getByRole('heading', { level: 2, name: 'FAQ' })).toBeVisible();
  });

  it('says the sign-up is not open when none is configured, instead of linking to itself', () => {
    configurePlatform({ affiliateSignupUrl: '/affiliate' });
    render(<AffiliatePage />);
    expect(screen.queryByRole('link', { name: /Become an affiliate/ })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('sign-up is not open yet');
  });
});
