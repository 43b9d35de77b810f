import { renderStandalone } from 'shared-ui';
import * as remote from './routes';

renderStandalone(remote, { apiUrl: import.meta.env.VITE_API_URL ?? 'http://localhost:4000' });
