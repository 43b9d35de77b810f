// Converters and the OCR engine run as child processes with the API's environment (PATH, TMPDIR,
// locale) plus what each needs, but never its secrets: a converter that is exploited by a crafted
// file (Ghostscript has a history) must find no database address, session secret or API key to
// send anywhere. The one place that passes process.env on.
const SECRET_NAMES = new Set([
  'SESSION_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'OPENAI_API_KEY',
  'MONGODB_URI',
  'TEST_MONGODB_URI',
  'REDIS_URL',
]);
// Anything else that looks like a credential is left out too (payment keys, tokens, passwords).
const SECRET_PATTERN = /SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE|CREDENTIAL|_URI$/i;

export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // eslint-disable-next-line no-restricted-properties -- handed to child processes, not read as config
  for (const [name, value] of Object.entries(process.env)) {
    if (!SECRET_NAMES.has(name) && !SECRET_PATTERN.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}
