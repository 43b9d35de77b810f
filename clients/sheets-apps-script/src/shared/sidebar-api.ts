// What crosses google.script.run between the sidebar (and the picker dialog) and the server
// functions of Code.js: plain objects only (no Dates, no class instances, no functions).
import type { TablesMode } from 'contracts';
import type { PagesChoice } from './pages.js';

/** An error from the API (its `{ code, error }`), the network or the add-on itself. */
export type AddonError = {
  message: string;
  code?: string;
  status?: number;
  /** What the network failure said, for support (the message stays the spec's). */
  detail?: string;
  /** The person lacks credits or a paid plan's size limit: offer 'Buy credits'. */
  buyCredits?: boolean;
};

export type Account = {
  email: string | null;
  name: string | null;
  credits: number;
  /** The largest file the API reads for this person (contracts' addonMaxBytes). */
  maxBytes: number;
};

export type SidebarState = {
  account: Account | null;
  /** Why the account could not be read (the sidebar still opens, to show it). */
  accountError: AddonError | null;
  buyCreditsUrl: string;
  /** Google Picker is configured (developer key and app id in Script Properties). */
  pickerAvailable: boolean;
  /** A long file's job this person started and has not seen finish: the sidebar resumes it. */
  pendingJob: PendingJob | null;
};

export type PendingJob = { jobId: string; fileName: string };

export type ExtractOptions = { pages: PagesChoice; mode: TablesMode };

/** A file read in the sidebar from the computer. */
export type UploadRequest = ExtractOptions & {
  fileName: string;
  mimeType: string;
  /** The file's bytes as base64 (a data: URL prefix is accepted). */
  base64: string;
};

/** A file picked from Drive with Google Picker (readable under drive.file). */
export type DriveRequest = ExtractOptions & { fileId: string };

export type Outcome =
  | {
      kind: 'inserted';
      sheetName: string;
      tables: number;
      rows: number;
      creditsSpent: number;
      creditsRefunded: number;
    }
  | { kind: 'empty'; creditsSpent: number; creditsRefunded: number }
  | { kind: 'running'; jobId: string; fileName: string; pagesDone: number; pagesTotal: number }
  | { kind: 'cancelled'; creditsRefunded: number }
  | { kind: 'error'; error: AddonError };

export type PickerConfig = {
  oauthToken: string;
  developerKey: string;
  appId: string;
};

export type PickedFile = { id: string; name: string; mimeType: string; sizeBytes: number | null };

/** What the picker dialog left for the sidebar: a file, or that the person closed it. */
export type PickerResult = { picked: PickedFile } | { cancelled: true } | { waiting: true };

/** The server functions the sidebar and the dialog call (src/server/main.ts exports them all). */
export type ServerApi = {
  getSidebarState(): SidebarState;
  showPicker(): void;
  getPickerConfig(): PickerConfig | { error: AddonError };
  pickerDone(result: { picked: PickedFile } | { cancelled: true }): void;
  takePickerResult(): PickerResult;
  extractUpload(request: UploadRequest): Outcome;
  extractDriveFile(request: DriveRequest): Outcome;
  pollJob(jobId: string, fileName: string): Outcome;
  cancelJob(jobId: string): Outcome;
};
