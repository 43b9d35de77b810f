import { escapeHtml } from './sandbox-server.js';

// The browser side of the local PayPal sandbox (development and tests only): a script served at
// /sdk/js?client-id=…&currency=USD with the global API of PayPal's JS SDK
// (https://developer.paypal.com/sdk/js/reference/) — `paypal.Buttons({ createOrder, onApprove,
// onCancel, onError }).render(selector)` — whose button calls createOrder(), opens the sandbox's
// approval page for that order in a popup (as PayPal's buttons do) and, once the payer approves,
// calls onApprove({ orderID }). Closing the popup or pressing Cancel calls onCancel({ orderID });
// a createOrder that throws or an unusable id calls onError(error). The approval page tells the
// opener with postMessage, to the origin that opened it and no other.

/** /sdk/js: the `paypal` global. `clientId` is the one the merchant's page asked for. */
export function sdkScript(sandboxOrigin: string, clientId: string): string {
  return `/* PayPal JS SDK, local sandbox: not PayPal's code, the same global API. */
(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(sandboxOrigin)};
  var CLIENT_ID = ${JSON.stringify(clientId)};
  function Buttons(options) {
    options = options || {};
    var instance = {
      isEligible: function () { return true; },
      render: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) return Promise.reject(new Error('PayPal: the container ' + target + ' was not found'));
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('aria-label', 'Pay with PayPal');
        button.setAttribute('data-paypal-button', 'paypal');
        button.style.cssText = 'display:block;width:100%;min-height:45px;border:0;border-radius:4px;' +
          'background:#ffc439;color:#003087;font:700 18px system-ui,sans-serif;cursor:pointer';
        button.addEventListener('click', function () { start(button); });
        host.appendChild(button);
        return Promise.resolve();
      }
    };
    function fail(error) {
      if (typeof options.onError === 'function') options.onError(error);
      else console.error(error);
    }
    function start(button) {
      if (typeof options.createOrder !== 'function') return fail(new Error('PayPal: createOrder is required'));
      // PayPal opens its popup at once (a user gesture), then points it at the order.
      var popup = window.open('', 'paypal-sandbox-checkout', 'width=500,height=640');
      button.disabled = true;
      Promise.resolve().then(function () { return options.createOrder({}, {}); }).then(function (orderID) {
        if (typeof orderID !== 'string' || !orderID) throw new Error('PayPal: createOrder must return an order id');
        var params = new URLSearchParams({ token: orderID, origin: window.location.origin, 'client-id': CLIENT_ID });
        var url = ORIGIN + '/checkoutnow?' + params.toString();
        if (!popup || popup.closed) popup = window.open(url, 'paypal-sandbox-checkout', 'width=500,height=640');
        else popup.location.href = url;
        if (!popup) throw new Error('PayPal: the popup was blocked');
        var settled = false;
        function done() {
          settled = true;
          button.disabled = false;
          window.removeEventListener('message', onMessage);
          clearInterval(watch);
        }
        function onMessage(event) {
          if (event.origin !== ORIGIN || event.source !== popup) return;
          var data = event.data || {};
          if (data.orderID !== orderID) return;
          if (data.type === 'paypal-sandbox:approved') {
            done();
            if (typeof options.onApprove === 'function') {
              Promise.resolve(options.onApprove({ orderID: orderID, payerID: data.payerID || '' }, {})).catch(fail);
            }
          } else if (data.type === 'paypal-sandbox:cancelled') {
            done();
            if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
          }
        }
        window.addEventListener('message', onMessage);
        var watch = setInterval(function () {
          if (settled || !popup.closed) return;
          done();
          if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
        }, 300);
      }).catch(function (error) {
        button.disabled = false;
        if (popup && !popup.closed) popup.close();
        fail(error);
      });
    }
    return instance;
  }
  window.paypal = { Buttons: Buttons, version: 'sandbox' };
})();
`;
}

/**
 * The approval page (GET /checkoutnow?token&origin): the amount, Approve and Cancel. With an
 * opener origin it tells the opener and closes; without, Approve is a plain form (as before).
 */
export function approvalPage(input: {
  order: { id: string; status: string; amount: string } | null;
  origin: string | null;
}): string {
  const { order, origin } = input;
  if (!order)
    return '<!doctype html><title>PayPal sandbox</title><p role="alert">No such order</p>';
  const action = `/checkoutnow/approve?token=${encodeURIComponent(order.id)}${
    origin ? `&origin=${encodeURIComponent(origin)}` : ''
  }`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PayPal sandbox</title></head>
<body><main>
<h1>Pay $${escapeHtml(order.amount)} USD</h1>
<p>Local payments sandbox: no real money moves.</p>
<p>Order ${escapeHtml(order.id)}: ${escapeHtml(order.status)}</p>
<form method="post" action="${escapeHtml(action)}"><button>Approve payment</button></form>
${origin ? '<button type="button" id="cancel">Cancel and return</button>' : ''}
</main>
${
  origin
    ? `<script>
  document.getElementById('cancel').addEventListener('click', function () {
    if (window.opener) window.opener.postMessage({ type: 'paypal-sandbox:cancelled', orderID: ${JSON.stringify(order.id)} }, ${JSON.stringify(origin)});
    window.close();
  });
</script>`
    : ''
}
</body></html>`;
}

/** After Approve: tells the opener (when one is named) and closes. */
export function approvedPage(input: {
  orderId: string;
  payerId: string;
  origin: string | null;
}): string {
  const tell = input.origin
    ? `<script>
  if (window.opener) window.opener.postMessage({ type: 'paypal-sandbox:approved', orderID: ${JSON.stringify(
    input.orderId,
  )}, payerID: ${JSON.stringify(input.payerId)} }, ${JSON.stringify(input.origin)});
  window.close();
</script>`
    : '';
  return `<!doctype html><title>PayPal sandbox</title><p>Approved. You can close this window.</p>${tell}`;
}
