// Converters and the OCR engine run as child processes with the API's environment (PATH, TMPDIR,
// locale) plus what each needs. The one place that passes process.env on.
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // eslint-disable-next-line no-restricted-properties -- handed to child processes, not read as config
  return { ...process.env, ...extra };
}
