import type { ClientSource } from 'contracts';

/**
 * How the extension names itself wherever it leaves a mark: its storage keys, the attributes and
 * classes it adds to the watch page, its style element. The platform's name for this client.
 */
export const CLIENT_SOURCE: ClientSource = 'comment-filter';
