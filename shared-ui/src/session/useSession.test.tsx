import { render, screen } from '@testing-library/react';
import { configureApi } from './api-client';
import { resetSession, useSession } from './useSession';

function Probe() {
  const session = useSession();
  const text = session === undefined ? 'loading' : session === null ? 'signed out' : session.name;
  return <p>{text}</p>;
}

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  resetSession();
  configureApi({ baseUrl: 'http://api.test/' });
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

const json = (status: number, body: unknown) =>
  ({ ok: status < 400, status, json: () => Promise.resolve(body) }) as Response;

describe('useSession', () => {
  it('is undefined while loading, then the user from GET /api/me with credentials', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<Probe />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    answer(json(200, { user: { name: 'Asha', email: 'asha@example.com' } }));
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/me', { credentials: 'include' });
  });

  it('is null when the user is missing from the answer', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    render(<Probe />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('is null, silently, when the call fails or errors', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<Probe />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();

    resetSession();
    fetchMock.mockResolvedValue(json(500, { code: 'INTERNAL_ERROR' }));
    render(<Probe />);
    expect(await screen.findAllByText('signed out')).not.toHaveLength(0);
  });

  it('asks the API once for many components', async () => {
    fetchMock.mockResolvedValue(json(200, { user: { name: 'Li', email: 'li@example.com' } }));
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(await screen.findAllByText('Li')).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
