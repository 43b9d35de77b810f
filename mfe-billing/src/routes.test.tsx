import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { configureApi } from 'shared-ui';
import { ROUTE_META, routes } from './routes';

// Each route gives the document its own title and description while its page is shown, and
// gives the shell's back when it goes. The API never answers here: only the meta is looked at.

const SHELL_HEAD = '<title>Shell</title><meta name="description" content="Shell">';
const description = () =>
  document.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as jest.Mock;
});
afterEach(() => {
  document.head.innerHTML = '';
});

describe('route titles and descriptions', () => {
  it.each(routes.map((route) => [route.path, route] as const))(
    '%s shows its own title and description, and the shell gets its own back',
    (path, route) => {
      document.head.innerHTML = SHELL_HEAD;
      render(<MemoryRouter initialEntries={[path]}>{route.element}</MemoryRouter>);
      const meta = ROUTE_META[path as keyof typeof ROUTE_META];
      expect(document.title).toBe(meta.title);
      expect(description()).toBe(meta.description);
      act(() => cleanup());
      expect(document.title).toBe('Shell');
      expect(description()).toBe('Shell');
    },
  );

  it('no two routes share a title or a description', () => {
    const metas = Object.values(ROUTE_META);
    expect(metas).toHaveLength(routes.length);
    expect(new Set(metas.map((m) => m.title)).size).toBe(routes.length);
    expect(new Set(metas.map((m) => m.description)).size).toBe(routes.length);
  });
});
