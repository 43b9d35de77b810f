import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { browserNavigation, configureApi, resetSession } from 'shared-ui';
import { AccountPage } from './AccountPage';

const answerMe = (body: unknown) => {
  resetSession();
  global.fetch = jest.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status: 200 })),
  );
};

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/user-account?aff=x']}>
      <AccountPage helpPath="/contact-us" />
    </MemoryRouter>,
  );

describe('AccountPage', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test' });
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => assign.mockRestore());

  it("shows the signed-in person, 'Need Help ?' to contact, and logs out", async () => {
    answerMe({ user: { name: 'Asha', email: 'asha@example.com', planType: 'Free user' } });
    renderPage();
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Need Help ?' })).toHaveAttribute(
      'href',
      '/contact-us?aff=x',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(assign).toHaveBeenCalledWith('http://api.test/auth/logout');
  });

  it('links the support team to the inbox, and nobody else', async () => {
    answerMe({
      user: { name: 'Sam', email: 'sam@example.com', planType: 'Free user', roles: ['support'] },
    });
    const { unmount } = renderPage();
    expect(await screen.findByRole('link', { name: 'Support inbox' })).toHaveAttribute(
      'href',
      '/support?aff=x',
    );
    unmount();
    answerMe({ user: { name: 'Asha', email: 'asha@example.com', planType: 'Free user' } });
    renderPage();
    await screen.findByText('asha@example.com');
    expect(screen.queryByRole('link', { name: 'Support inbox' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    answerMe({});
    renderPage();
    expect(await screen.findByText('Please log in to see your account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
