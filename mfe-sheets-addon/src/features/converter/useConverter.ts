import { useEffect, useReducer } from 'react';
import { addonMaxBytes, tablesToTsv, type TablesDownloadFormat, type TablesMode } from 'contracts';
import {
  IMAGE_OR_PDF,
  loadSession,
  saveFile,
  useFileIntake,
  type IntakeRules,
  type User,
} from 'shared-ui';
import { cancelJob, exportTables, getJob, isTransient, startExtraction } from './converter-api';
import {
  canCancel,
  canConvert,
  converterReducer,
  creditsOf,
  hasTables,
  initialConverter,
  isPolling,
  isWaiting,
  pagesProblem,
  pagesRequest,
  type PageChoice,
} from './converter-state';

/** How often a long file's job is asked for its progress. */
export const POLL_INTERVAL_MS = 1000;

export const UNREADABLE_FILE = 'The file could not be read. Please choose it again.';
export const COPIED = 'Copied as tab-separated text: paste it into any spreadsheet.';
export const COPY_REFUSED =
  'Your browser did not allow copying. Download a CSV instead, or allow clipboard access and try again.';

/**
 * What the converter takes: a PDF or an image up to the person's add-on limit (over it the API
 * would refuse it anyway, so it is said without sending it).
 */
export const converterRules = (user: User): IntakeRules => ({
  ...IMAGE_OR_PDF,
  label: 'a PDF or image',
  maxBytes: addonMaxBytes(user),
});

/**
 * The converter's behaviour around its reducer: shared-ui's file intake (chooser, drop, paste
 * anywhere, camera) checked against the add-on's rules, the request and the polling of a long
 * file's job, the cancel, the downloads and the copy; the session is loaded again once a job
 * ends, so the credits shown are the API's.
 */
export function useConverter(user: User, pollIntervalMs = POLL_INTERVAL_MS) {
  const [state, dispatch] = useReducer(converterReducer, initialConverter);
  const rules = converterRules(user);
  // While a request is out its file stays: a file pasted, dropped or captured meanwhile is
  // not taken (nor refused), so the running job keeps its progress and its Cancel.
  const busy = isWaiting(state);
  const intake = useFileIntake(rules, {
    onChosen: (file) => {
      if (busy) URL.revokeObjectURL(file.previewUrl);
      else dispatch({ type: 'fileChosen', file });
    },
    onRefused: ({ reason, message }) => {
      if (busy) return;
      const failure =
        reason === 'size'
          ? ({ kind: 'size', text: message } as const)
          : ({ kind: 'message', text: message } as const);
      dispatch({ type: 'fileRefused', failure });
    },
    onUnreadable: () => {
      if (!busy) {
        dispatch({ type: 'fileRefused', failure: { kind: 'message', text: UNREADABLE_FILE } });
      }
    },
  });

  // The chosen image's preview is released when the file changes and when leaving the page.
  useEffect(() => {
    const url = state.file?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state.file]);

  const convert = async () => {
    const { file, mode } = state;
    if (!file || !canConvert(state)) return;
    dispatch({ type: 'sendStarted', creditsBefore: creditsOf(user) });
    const outcome = await startExtraction({
      file: file.base64,
      fileName: file.name,
      mode,
      ...pagesRequest(state),
    });
    if (!outcome.ok) dispatch({ type: 'requestFailed', failure: outcome.failure });
    else if ('accepted' in outcome)
      dispatch({ type: 'jobAccepted', jobId: outcome.accepted.jobId });
    else dispatch({ type: 'jobUpdated', job: outcome.job });
  };

  // A long file's job is asked for its progress until it ends (each answer sets the next wait).
  // A missed poll (network, 503) is tried again a few times; then the page stops asking, and
  // offers Check again and Cancel, since the job may still be running on the server.
  const { phase, jobId, progress, missedPolls } = state;
  const polling = isPolling(state) && jobId !== null;
  useEffect(() => {
    if (!polling) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      void getJob(jobId).then((answer) => {
        if (!live) return;
        if (answer.ok) dispatch({ type: 'jobUpdated', job: answer.body });
        else if (isTransient(answer.failure)) {
          dispatch({ type: 'pollMissed', failure: answer.failure });
        } else dispatch({ type: 'requestFailed', failure: answer.failure });
      });
    }, pollIntervalMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [polling, jobId, progress, missedPolls, pollIntervalMs]);

  // Once a sent file's request ends, the session (its credits) is read again.
  const sent = state.creditsBefore !== null;
  const ended = phase === 'done' || phase === 'failed' || phase === 'cancelled';
  useEffect(() => {
    if (sent && ended) void loadSession(true);
  }, [sent, ended]);

  const cancel = async () => {
    if (!jobId || !canCancel(state)) return;
    dispatch({ type: 'cancelStarted' });
    const answer = await cancelJob(jobId);
    if (answer.ok) dispatch({ type: 'jobUpdated', job: answer.body });
    else dispatch({ type: 'cancelFailed', failure: answer.failure });
  };

  const download = async (format: TablesDownloadFormat) => {
    if (!hasTables(state) || state.exporting) return;
    dispatch({ type: 'exportStarted' });
    const answer = await exportTables({
      format,
      ...(state.file ? { fileName: state.file.name } : {}),
      tables: state.tables.map((table) => table.rows),
      pages: state.tables.map((table) => table.page),
    });
    if (!answer.ok) {
      dispatch({ type: 'exportEnded', notice: { kind: 'error', text: answer.failure.text } });
      return;
    }
    saveFile(answer.blob, answer.name);
    dispatch({ type: 'exportEnded', notice: { kind: 'ok', text: `Downloaded ${answer.name}.` } });
  };

  const copy = async () => {
    if (!hasTables(state)) return;
    const text = tablesToTsv(state.tables.map((table) => table.rows));
    try {
      // Older browsers and insecure pages have no clipboard: a refusal all the same.
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (!clipboard) throw new Error('no clipboard');
      await clipboard.writeText(text);
      dispatch({ type: 'noticeShown', notice: { kind: 'ok', text: COPIED } });
    } catch {
      dispatch({ type: 'noticeShown', notice: { kind: 'error', text: COPY_REFUSED } });
    }
  };

  return {
    state,
    intake,
    rules,
    canConvert: canConvert(state),
    hasTables: hasTables(state),
    pagesProblem: pagesProblem(state),
    setPageChoice: (choice: PageChoice) => dispatch({ type: 'pageChoiceChanged', choice }),
    setPageText: (field: 'page' | 'first' | 'last', text: string) =>
      dispatch({ type: 'pageTextChanged', field, text }),
    setMode: (mode: TablesMode) => dispatch({ type: 'modeChanged', mode }),
    convert: () => void convert(),
    cancel: () => void cancel(),
    checkAgain: () => dispatch({ type: 'pollResumed' }),
    editCell: (table: number, row: number, column: number, value: string) =>
      dispatch({ type: 'cellEdited', table, row, column, value }),
    download: (format: TablesDownloadFormat) => void download(format),
    copy: () => void copy(),
  };
}

export type Converter = ReturnType<typeof useConverter>;
