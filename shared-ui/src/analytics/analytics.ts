// One module for every analytics event (spec §7): login_clicked, pricing_clicked,
// affiliate_clicked, button clicks and the ad conversion at signup. Where events go is
// configurable: a collector URL (sent with sendBeacon), or else window.dataLayer, where a tag
// manager picks them up.
export type AnalyticsEvent = {
  event: string;
  props: Record<string, string | number | boolean>;
  at: string;
};

export type AnalyticsSink = (event: AnalyticsEvent) => void;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges with lib.dom
  interface Window {
    dataLayer?: unknown[];
  }
}

const dataLayerSink: AnalyticsSink = (event) => {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: event.event, ...event.props });
};

const beaconSink =
  (endpoint: string): AnalyticsSink =>
  (event) => {
    const body = JSON.stringify(event);
    if (typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
    } else {
      void fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  };

let sink: AnalyticsSink = dataLayerSink;
let adConversionId = '';

export function configureAnalytics(options: { endpoint?: string; adConversionId?: string }): void {
  sink = options.endpoint ? beaconSink(options.endpoint) : dataLayerSink;
  adConversionId = options.adConversionId ?? '';
}

/** Replaces the sink (tests, or a page that wants events elsewhere). */
export function setAnalyticsSink(next: AnalyticsSink): void {
  sink = next;
}

export function track(event: string, props: AnalyticsEvent['props'] = {}): void {
  try {
    sink({ event, props, at: new Date().toISOString() });
  } catch (error) {
    // Analytics must never break the page.
    console.error('analytics event failed', event, error);
  }
}

/** The ad platform's conversion for a completed signup. */
export function trackSignupConversion(): void {
  track('ad_conversion', {
    kind: 'signup',
    ...(adConversionId ? { send_to: adConversionId } : {}),
  });
}
