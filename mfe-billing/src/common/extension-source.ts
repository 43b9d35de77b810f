/** Opened from the add-on or extension (`?source=extension`, spec §2). */
export const isFromExtension = (search: string): boolean =>
  new URLSearchParams(search).get('source') === 'extension';
