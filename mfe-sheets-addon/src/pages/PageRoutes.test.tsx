import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { configureApi } from 'shared-ui';
import { FeedbackForm, routes } from '../routes';
import { FeedbackForm as AddonFeedbackForm } from '../features/feedback/FeedbackForm';
import { CONTACT_META } from './ContactPage';
import { FEEDBACK_META } from './FeedbackPage';
import { PRIVACY_META } from './PrivacyPage';
import { TERMS_META } from './TermsPage';

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

  it.each([
    ['/sheets-extension-contact-us', CONTACT_META, 'Contact Us | PDF to Sheets'],
    ['/sheets-extension-feedback', FEEDBACK_META, 'Feedback | PDF to Sheets'],
    ['/sheets-extension-terms-of-service', TERMS_META, 'Terms of Service | PDF to Sheets'],
    ['/sheets-extension-privacy-policy', PRIVACY_META, 'Privacy Policy | PDF to Sheets'],
  ])('%s gives the document its title and description while shown', (path, meta, title) => {
    document.head.innerHTML = '<title>Shell</title><meta name="description" content="Shell">';
    render(
      <MemoryRouter initialEntries={[path]}>
        {routes.find((r) => r.path === path)?.element}
      </MemoryRouter>,
    );
    expect(document.title).toBe(title);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      meta.description,
    );
    act(() => cleanup());
    expect(document.title).toBe('Shell');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Shell');
    document.head.innerHTML = '';
  });

  it('gives every route of the add-on a title and a description of its own', () => {
    const seen = routes.map((route) => {
      document.head.innerHTML = '<title>Shell</title><meta name="description" content="Shell">';
      render(<MemoryRouter initialEntries={[route.path]}>{route.element}</MemoryRouter>);
      const meta = {
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      };
      act(() => cleanup());
      return meta;
    });
    document.head.innerHTML = '';
    expect(seen.map((m) => m.title)).not.toContain('Shell');
    expect(seen.map((m) => m.description)).not.toContain('Shell');
    expect(new Set(seen.map((m) => m.title)).size).toBe(routes.length);
    expect(new Set(seen.map((m) => m.description)).size).toBe(routes.length);
  });

  it('hides Pricing on the feedback page only', () => {
    const hidden = routes.filter((r) => r.handle.hidePricing).map((r) => r.path);
    expect(hidden).toEqual(['/sheets-extension-feedback']);
  });

  it("gives the footer's popup the add-on's feedback form", () => {
    expect(FeedbackForm).toBe(AddonFeedbackForm);
  });
});
