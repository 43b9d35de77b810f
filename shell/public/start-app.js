// The app's scripts on a prerendered page (issue 25; scripts/lib/prerendered-pages.mjs). The
// page paints from its HTML first; then this adds the module scripts the server listed in
// #app-scripts: the shell's entry, then the shell's and the page's remote's first chunks as
// modulepreloads, all at low priority. Announced in the head instead, some thirty scripts were
// fetched before the first paint, sharing a phone's slow network with the page's hero image, and
// Lighthouse counted each of them against the largest paint.
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

  // Each element added starts a request, about a millisecond of the main thread on a phone: a
  // few per task on a page being shown, so adding them never blocks it for long. The entry
  // first: its own imports start while the rest are added.
  const PER_TASK = 4;
  const addFrom = (from, perTask) => {
    for (const href of preload.slice(from, from + perTask)) {
      add('link', { rel: 'modulepreload', href });
    }
    if (from + perTask < preload.length) setTimeout(addFrom, 0, from + perTask, perTask);
  };
  const addEntry = () => {
    if (entry) add('script', { type: 'module', src: entry });
  };

  if (document.visibilityState === 'hidden') {
    // Nothing to paint, and a hidden tab's timers run once a second: all of them now.
    addEntry();
    addFrom(0, preload.length);
  } else {
    // After the frame that paints the page: a timer queued from the frame's callback.
    requestAnimationFrame(() =>
      setTimeout(() => {
        addEntry();
        setTimeout(addFrom, 0, 0, PER_TASK);
      }, 0),
    );
  }
})();
