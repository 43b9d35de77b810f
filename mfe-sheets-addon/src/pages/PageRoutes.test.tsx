import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { configureApi } from 'shared-ui';
import { FeedbackForm, routes } from '../routes';
import { FeedbackForm as AddonFeedbackForm } from '../features/feedback/FeedbackForm';

// The contact, feedback and legal routes of the add-on (the landing and FAQ have their own).
const PAGES = [
  ['/sheets-extension-contact-us', 'Contact Us', 'Contact form'],
  ['/sheets-extension-feedback', 'Feedback', 'Feedback form'],
  ['/sheets-extension-terms-of-service', 'Terms of Service', null],
  ['/sheets-extension-privacy-policy', 'Privacy Policy', null],
] as const;

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  global.fetch = jest.fn(() => Promise.resolve(new Response('{}'))) as jest.Mock;
});

describe("the add-on's routes", () => {
  it.each(PAGES)('%s shows its page with the add-on chrome', (path, title, form) => {
    const route = routes.find((r) => r.path === path);
    expect(route?.handle).toMatchObject({ navbar: 'addon', footer: 'addon' });
    render(<MemoryRouter initialEntries={[path]}>{route?.element}</MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    if (form) expect(screen.getByRole('form', { name: form })).toBeInTheDocument();
    expect(screen.queryByText(/under construction/i)).not.toBeInTheDocument();
  });

  it('hides Pricing on the feedback page only', () => {
    const hidden = routes.filter((r) => r.handle.hidePricing).map((r) => r.path);
    expect(hidden).toEqual(['/sheets-extension-feedback']);
  });

  it("gives the footer's popup the add-on's feedback form", () => {
    expect(FeedbackForm).toBe(AddonFeedbackForm);
  });
});
