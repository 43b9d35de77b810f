// Where the API lives. The shell sets it from its run-time configuration; a remote running
// standalone sets it from its own. Every call carries credentials (spec §7).
let baseUrl = 'http://localhost:4000';

export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(apiUrl(path), { credentials: 'include', ...init });
}
