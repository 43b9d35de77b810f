import { configureAnalytics, track, trackSignupConversion } from './analytics';

// jsdom's Blob has no text(); FileReader reads it.
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('analytics', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it('pushes events to window.dataLayer when no collector is configured', () => {
    configureAnalytics({});
    track('pricing_clicked', { from: 'navbar' });
    expect(window.dataLayer).toEqual([{ event: 'pricing_clicked', from: 'navbar' }]);
  });

  it('sends events to a configured collector with sendBeacon', async () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    configureAnalytics({ endpoint: 'https://collect.example/e', adConversionId: 'AW-1/abc' });
    trackSignupConversion();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('https://collect.example/e');
    expect(JSON.parse(await readText(blob))).toMatchObject({
      event: 'ad_conversion',
      props: { kind: 'signup', send_to: 'AW-1/abc' },
    });
    expect(window.dataLayer).toEqual([]);
  });

  it('never throws into the page when the sink fails', () => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new Error('blocked');
      },
      configurable: true,
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    configureAnalytics({ endpoint: 'https://collect.example/e' });
    expect(() => track('login_clicked')).not.toThrow();
  });
});
