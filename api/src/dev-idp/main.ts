import path from 'node:path';
import { assertNotProduction, startDevIdp } from './dev-idp.js';

// `npm start` runs this when GOOGLE_CLIENT_ID is not set.
try {
  assertNotProduction(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const issuer = process.env.DEV_IDP_URL ?? 'http://localhost:4100';
const apiUrl = process.env.API_PUBLIC_URL ?? 'http://localhost:4000';
const idp = await startDevIdp({
  issuer,
  redirectUris: [`${apiUrl}/auth/google/callback`],
  accountsFile: process.env.DEV_IDP_ACCOUNTS_FILE ?? path.resolve('.data', 'dev-idp-accounts.json'),
});
console.log(`Local sign-in provider at ${idp.issuer}`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
