import { render, screen } from '@testing-library/react';
import { configureApi } from 'shared-ui';
import { resetLanguages, useLanguages } from './useLanguages';

function Count({ label }: { label: string }) {
  const languages = useLanguages();
  return (
    <p>
      {label}: {languages.map((language) => language.name).join(', ')}
    </p>
  );
}

const LANGUAGES = [
  { code: '', name: 'Original language', translatable: true },
  { code: 'es', name: 'Spanish', translatable: true },
];

function api(answer: () => Promise<Response>) {
  const fetchMock = jest.fn((input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/languages')) return answer();
    return Promise.reject(new Error(`unexpected call to ${url}`));
  });
  global.fetch = fetchMock as jest.Mock;
  return fetchMock;
}

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetLanguages();
});

describe('useLanguages', () => {
  it('asks GET /api/languages once for two consumers and for a remount', async () => {
    const fetchMock = api(() =>
      Promise.resolve(new Response(JSON.stringify({ languages: LANGUAGES }))),
    );
    const { unmount } = render(
      <>
        <Count label="tool" />
        <Count label="faq" />
      </>,
    );
    expect(await screen.findByText('tool: Original language, Spanish')).toBeInTheDocument();
    expect(await screen.findByText('faq: Original language, Spanish')).toBeInTheDocument();
    unmount();
    render(<Count label="again" />);
    // A remount shows the loaded list at once, without asking again.
    expect(screen.getByText('again: Original language, Spanish')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows Original language alone until the list comes, and asks again after a failure', async () => {
    const fetchMock = api(() => Promise.resolve(new Response('{}', { status: 503 })));
    const { unmount } = render(<Count label="tool" />);
    expect(screen.getByText('tool: Original language')).toBeInTheDocument();
    await Promise.resolve();
    unmount();
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ languages: LANGUAGES }))),
    );
    // (the failed answer is settled before the next mount)
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<Count label="tool" />);
    expect(await screen.findByText('tool: Original language, Spanish')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
