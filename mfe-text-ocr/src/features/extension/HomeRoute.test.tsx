import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { browserNavigation } from 'shared-ui';
import { HomeRoute } from './HomeRoute';

describe('HomeRoute', () => {
  let closeTab: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    closeTab = jest.spyOn(browserNavigation, 'closeTab').mockImplementation(() => undefined);
  });
  afterEach(() => {
    closeTab.mockRestore();
    jest.useRealTimers();
  });

  const renderAt = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <HomeRoute>
          <h1>Home page</h1>
        </HomeRoute>
      </MemoryRouter>,
    );

  it("replaces the page with 'Login successful. Closing tab...' and closes it after 1.5 s", () => {
    renderAt('/?source=extension');
    expect(screen.getByRole('status')).toHaveTextContent('Login successful. Closing tab...');
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1499));
    expect(closeTab).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(closeTab).toHaveBeenCalledTimes(1);
  });

  it('shows the page otherwise', () => {
    renderAt('/?aff=x');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(closeTab).not.toHaveBeenCalled();
  });
});
