// The sidebar's page: choose a file (from the computer or Drive), pages and mode, then 'Insert
// into sheet'. Every file is read as a job (the server asks for the job answer), followed by
// calling pollJob every few seconds, each a short server call; 'Cancel' stops it on the server.
import type { TablesMode } from 'contracts';
import type { PagesChoice } from '../shared/pages.js';
import { pagesRequest } from '../shared/pages.js';
import type { Outcome, PickedFile, SidebarState } from '../shared/sidebar-api.js';
import { callServer } from './server.js';
import {
  PICKER_POLL_INTERVAL_MS,
  PICKER_WAIT_MS,
  POLL_INTERVAL_MS,
  checkFile,
  costText,
  dataUrlBase64,
  errorMessage,
  outcomeMessage,
  scriptFailure,
  type FileKind,
  type Message,
} from './view-model.js';

type Chosen =
  | { from: 'computer'; file: File; kind: FileKind }
  | { from: 'drive'; file: PickedFile; kind: FileKind };

const element = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from Sidebar.html`);
  return found;
};

const ui = {
  credits: element('credits'),
  account: element('account'),
  buy: element('buy-credits') as HTMLButtonElement,
  fileInput: element('file') as HTMLInputElement,
  pick: element('pick-drive') as HTMLButtonElement,
  chosen: element('chosen'),
  pagesField: element('pages-field') as HTMLFieldSetElement,
  pagesKind: element('pages-kind') as HTMLSelectElement,
  page: element('page') as HTMLInputElement,
  first: element('first') as HTMLInputElement,
  last: element('last') as HTMLInputElement,
  onePage: element('one-page'),
  range: element('range'),
  cost: element('cost'),
  insert: element('insert') as HTMLButtonElement,
  cancel: element('cancel') as HTMLButtonElement,
  status: element('status'),
  statusDetail: element('status-detail'),
};

let state: SidebarState | null = null;
let chosen: Chosen | null = null;
let runningJob: { jobId: string; fileName: string } | null = null;
let busy = false;

function show(message: Message | null, offerBuy = false): void {
  ui.status.textContent = message?.text ?? '';
  ui.status.className = message ? `status ${message.tone}` : 'status';
  ui.statusDetail.textContent = message?.detail ?? '';
  ui.buy.classList.toggle('attention', offerBuy);
}

function render(): void {
  const account = state?.account;
  ui.credits.textContent = account ? `Credits: ${String(account.credits)}` : 'Credits: –';
  ui.account.textContent = account?.email ?? '';
  ui.pick.hidden = !state?.pickerAvailable;
  ui.pagesField.disabled = chosen?.kind === 'image';
  ui.onePage.hidden = ui.pagesKind.value !== 'one';
  ui.range.hidden = ui.pagesKind.value !== 'range';
  ui.insert.disabled = busy || !chosen || !account;
  ui.cancel.hidden = !runningJob;
  ui.chosen.textContent = chosen ? chosen.file.name : 'No file chosen';
  ui.cost.textContent = costText(chosen?.kind ?? null, pagesRequest(pagesChoice()));
}

async function loadState(): Promise<void> {
  state = await callServer('getSidebarState');
  if (state.accountError) show(errorMessage(state.accountError), state.accountError.buyCredits);
  render();
  if (state.pendingJob && !runningJob) {
    runningJob = state.pendingJob;
    busy = true;
    show({ tone: 'info', text: `Still reading ${state.pendingJob.fileName}…` });
    render();
    schedulePoll();
  }
}

function choose(next: Chosen | null, error?: string): void {
  chosen = next;
  show(error ? { tone: 'error', text: error } : null);
  render();
}

function pagesChoice(): PagesChoice {
  switch (ui.pagesKind.value) {
    case 'one':
      return { kind: 'one', page: ui.page.value };
    case 'range':
      return { kind: 'range', first: ui.first.value, last: ui.last.value };
    default:
      return { kind: 'all' };
  }
}

function selectedMode(): TablesMode {
  const checked = document.querySelector<HTMLInputElement>('input[name="mode"]:checked');
  return checked?.value === 'invoice' ? 'invoice' : 'tables';
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(dataUrlBase64(typeof reader.result === 'string' ? reader.result : ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

async function insert(): Promise<void> {
  if (!chosen || busy) return;
  const pages: PagesChoice = chosen.kind === 'image' ? { kind: 'all' } : pagesChoice();
  const parsed = pagesRequest(pages);
  if (!parsed.ok) {
    show({ tone: 'error', text: parsed.error });
    return;
  }
  busy = true;
  render();
  show({ tone: 'info', text: 'Reading the file…' });
  const options = { pages, mode: selectedMode() };
  const outcome =
    chosen.from === 'computer'
      ? await callServer('extractUpload', {
          ...options,
          fileName: chosen.file.name,
          mimeType: chosen.file.type,
          base64: await readAsBase64(chosen.file),
        })
      : await callServer('extractDriveFile', { ...options, fileId: chosen.file.id });
  await settle(outcome);
}

/** Shows an outcome; a running job is looked at again after a pause, until it ends. */
async function settle(outcome: Outcome): Promise<void> {
  show(outcomeMessage(outcome), outcome.kind === 'error' && outcome.error.buyCredits);
  if (outcome.kind === 'running') {
    runningJob = { jobId: outcome.jobId, fileName: outcome.fileName };
    render();
    schedulePoll();
    return;
  }
  runningJob = null;
  busy = false;
  render();
  // Credits changed (spent, given back) or the person may buy more: read them again.
  if (outcome.kind !== 'error' || outcome.error.buyCredits) await loadState();
}

function schedulePoll(): void {
  const job = runningJob;
  if (!job) return;
  window.setTimeout(() => {
    // Cancelled, or another job, in the meantime: this look is not needed.
    if (runningJob?.jobId !== job.jobId) return;
    callServer('pollJob', job.jobId, job.fileName).then(settle, failed);
  }, POLL_INTERVAL_MS);
}

async function cancel(): Promise<void> {
  const job = runningJob;
  if (!job) return;
  runningJob = null;
  render();
  await settle(await callServer('cancelJob', job.jobId));
}

function failed(error: unknown): void {
  busy = false;
  runningJob = null;
  render();
  show(scriptFailure(error instanceof Error ? error : new Error(String(error))));
}

/** Opens the Picker dialog, then asks the server for its answer until there is one. */
async function pickFromDrive(): Promise<void> {
  await callServer('showPicker');
  const until = Date.now() + PICKER_WAIT_MS;
  const ask = async (): Promise<void> => {
    const result = await callServer('takePickerResult');
    if ('picked' in result) {
      const check = checkFile(
        { name: result.picked.name, type: result.picked.mimeType, size: result.picked.sizeBytes },
        state?.account?.maxBytes ?? null,
      );
      if (check.ok) choose({ from: 'drive', file: result.picked, kind: check.kind });
      else choose(null, check.error);
    } else if ('waiting' in result && Date.now() < until) {
      window.setTimeout(() => void ask().catch(failed), PICKER_POLL_INTERVAL_MS);
    }
  };
  await ask();
}

ui.fileInput.addEventListener('change', () => {
  const file = ui.fileInput.files?.[0];
  if (!file) return choose(null);
  const check = checkFile(file, state?.account?.maxBytes ?? null);
  if (check.ok) choose({ from: 'computer', file, kind: check.kind });
  else choose(null, check.error);
});
ui.pagesKind.addEventListener('change', render);
for (const input of [ui.page, ui.first, ui.last]) input.addEventListener('input', render);
ui.insert.addEventListener('click', () => void insert().catch(failed));
ui.cancel.addEventListener('click', () => void cancel().catch(failed));
ui.pick.addEventListener('click', () => void pickFromDrive().catch(failed));
ui.buy.addEventListener('click', () => {
  if (state) window.open(state.buyCreditsUrl, '_blank', 'noopener');
});

render();
loadState().catch(failed);
