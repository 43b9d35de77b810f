import { escapeHtml, framedCheckoutPage } from './sandbox-server.js';

// The browser side of the local Lemon Squeezy sandbox (development and tests only): a `lemon.js`
// with the global API of Lemon Squeezy's (https://docs.lemonsqueezy.com/help/lemonjs/what-is-lemonjs)
// — `window.createLemonSqueezy()`, `LemonSqueezy.Setup({ eventHandler })`,
// `LemonSqueezy.Url.Open(checkoutUrl)`, `LemonSqueezy.Url.Close()` — opening the checkout link in
// an overlay iframe, and the events it hands the eventHandler: `{ event: 'Checkout.Success', data }`
// after a payment, and `{ event: 'Checkout.Closed' }` when the person closes the overlay (the
// sandbox's name: Lemon Squeezy documents no close event for the checkout). The checkout page
// (the sandbox's pay page for that link, in embed mode) pays through the sandbox's buy logic, so
// the signed webhooks follow, and speaks to the page that opened it with postMessage, to that
// origin and no other.

/** lemon.js: served at /js/lemon.js, as Lemon Squeezy serves it from app.lemonsqueezy.com. */
export function lemonScript(sandboxOrigin: string): string {
  return `/* lemon.js, local sandbox: not Lemon Squeezy's code, the same global API. */
(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(sandboxOrigin)};
  var handler = null;
  var frame = null;
  var onMessage = null;
  function emit(message) { if (typeof handler === 'function') handler(message); }
  function close() {
    if (!frame) return;
    window.removeEventListener('message', onMessage);
    frame.remove();
    frame = null;
  }
  function open(url) {
    var target = new URL(url, window.location.href);
    if (target.origin !== ORIGIN) throw new Error('LemonSqueezy: not a checkout link of this store: ' + url);
    close();
    target.searchParams.set('embed', '1');
    target.searchParams.set('embed_origin', window.location.origin);
    var created = document.createElement('iframe');
    created.src = target.toString();
    created.title = 'Lemon Squeezy Checkout';
    created.setAttribute('allow', 'payment');
    created.style.cssText = 'position:fixed;top:0;left:0;width:100%;height:100%;border:0;' +
      'z-index:2147483647;background:transparent';
    onMessage = function (event) {
      if (!frame || event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.event === 'Checkout.Success') {
        close();
        emit({ event: 'Checkout.Success', data: data.data });
      } else if (data.event === 'Checkout.Closed') {
        close();
        emit({ event: 'Checkout.Closed' });
      }
    };
    window.addEventListener('message', onMessage);
    document.body.appendChild(created);
    frame = created;
  }
  window.createLemonSqueezy = function () {
    window.LemonSqueezy = {
      Setup: function (options) { handler = (options && options.eventHandler) || null; },
      Refresh: function () {},
      Url: { Open: open, Close: close }
    };
    return window.LemonSqueezy;
  };
})();
`;
}

/**
 * The checkout page in the overlay (GET /checkout/buy/:variant or /checkout/custom/:id, with
 * embed=1&embed_origin=…): what is bought, an email field, Pay and Close. Pay posts the form
 * (custom data included) to the same URL asking for JSON; the result goes to the opener as
 * Checkout.Success.
 */
export function overlayCheckoutPage(input: {
  description: string;
  hidden: [string, string][];
  email: string;
  origin: string;
}): { html: string; csp: string } {
  const hidden = input.hidden
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return framedCheckoutPage({
    title: 'Checkout (Lemon Squeezy sandbox)',
    heading: 'Checkout',
    accent: '#7047eb',
    content: `<p>${escapeHtml(input.description)}</p>
  <form id="pay">${hidden}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required value="${escapeHtml(input.email)}">
    <label for="card">Card number</label>
    <input id="card" name="card" inputmode="numeric" value="4242 4242 4242 4242">
    <p id="error" role="alert"></p>
    <button type="submit" id="submit">Pay with test card</button>
  </form>`,
    origin: input.origin,
    closeMessage: { event: 'Checkout.Closed' },
    payRequest: `window.location.pathname + window.location.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(new FormData(form)).toString()
    }`,
    onPaid: `      if (!result.ok) { error.textContent = 'Payment failed.'; return; }
      tell({ event: 'Checkout.Success', data: result.body });`,
  });
}
