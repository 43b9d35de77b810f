// google.script.run as promises, typed by the server functions' own signatures.
import type { ServerApi } from '../shared/sidebar-api.js';

export function callServer<K extends keyof ServerApi>(
  name: K,
  ...args: Parameters<ServerApi[K]>
): Promise<ReturnType<ServerApi[K]>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ReturnType<ServerApi[K]>))
      .withFailureHandler(reject);
    const fn = runner[name];
    if (!fn) throw new Error(`No server function ${name}`);
    fn(...args);
  });
}
