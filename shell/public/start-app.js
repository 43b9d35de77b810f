// The app's scripts on a prerendered page (issue 25; scripts/lib/prerendered-pages.mjs). The
// page paints from its HTML first; then this adds the module scripts the server listed in
// #app-scripts: the shell's entry, then the shell's and the page's remote's first chunks as
// modulepreloads, all at low priority. Announced in the head instead, some thirty scripts were
// fetched before the first paint, sharing a phone's slow network with the page's hero image, and
// Lighthouse counted each of them against the largest paint. A tab opened in the background
// paints nothing until shown: there the scripts are added at once.
(() => {
  'use strict';
  const list = document.getElementById('app-scripts');
  if (!list) return;
  const { entry, preload } = JSON.parse(list.textContent);

  const add = (tag, attributes) => {
    const element = document.createElement(tag);
    Object.assign(element, attributes, { crossOrigin: '', fetchPriority: 'low' });
    document.head.appendChild(element);
  };

  // Each element added starts a request, about a millisecond of the main thread on a phone:
  // a few per task, so adding them never blocks the page for long. The entry first: its own
  // imports start while the rest are added.
  const PER_TASK = 4;
  const addSome = (from) => {
    for (const href of preload.slice(from, from + PER_TASK)) {
      add('link', { rel: 'modulepreload', href });
    }
    if (from + PER_TASK < preload.length) setTimeout(addSome, 0, from + PER_TASK);
  };
  const start = () => {
    if (entry) add('script', { type: 'module', src: entry });
    setTimeout(addSome, 0, 0);
  };

  if (document.visibilityState === 'hidden') start();
  // After the frame that paints the page: a timer queued from the frame's callback.
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
