// The built Code.js run the way Apps Script runs it: in a fresh V8 context whose only globals are
// Apps Script's services, here fakes that record what the add-on asks of them. Nothing of Node is
// there (no require, process, Buffer, setTimeout...): a bundle that needs one fails its tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

const workspace = path.resolve(__dirname, '..');

/**
 * Builds the add-on with its own build script into a fresh folder; returns that folder. The build
 * sees API_BASE_URL only as given here (not from the environment jest runs in).
 */
export function buildAddon({ apiBaseUrl }: { apiBaseUrl?: string } = {}): string {
  const outdir = mkdtempSync(path.join(tmpdir(), 'sheets-addon-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.API_BASE_URL;
  if (apiBaseUrl !== undefined) env.API_BASE_URL = apiBaseUrl;
  try {
    execFileSync(
      process.execPath,
      [path.join(workspace, 'scripts/build.mjs'), '--outdir', outdir],
      {
        stdio: 'pipe',
        env,
      },
    );
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  return outdir;
}

export type Manifest = {
  runtimeVersion: string;
  oauthScopes: string[];
  urlFetchWhitelist?: string[];
};

export const readManifest = (distDir: string): Manifest =>
  JSON.parse(readFileSync(path.join(distDir, 'appsscript.json'), 'utf8')) as Manifest;

export type FetchCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  muteHttpExceptions: boolean | undefined;
  contentType: string | undefined;
  payload: unknown;
};

export type Reply = { status: number; body: unknown } | { status: number; text: string } | Error;
type Handler = (call: FetchCall) => Reply;

export type SetValuesCall = { sheet: string; row: number; column: number; values: string[][] };

class FakeProperties {
  readonly values = new Map<string, string>();
  getProperty(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setProperty(key: string, value: string): this {
    this.values.set(key, value);
    return this;
  }
  deleteProperty(key: string): this {
    this.values.delete(key);
    return this;
  }
}

class FakeHtmlOutput {
  title = '';
  width = 0;
  height = 0;
  constructor(
    readonly file: string,
    readonly content: string,
  ) {}
  setTitle(title: string): this {
    this.title = title;
    return this;
  }
  setWidth(width: number): this {
    this.width = width;
    return this;
  }
  setHeight(height: number): this {
    this.height = height;
    return this;
  }
  getContent(): string {
    return this.content;
  }
}

export type DriveFile = { name: string; bytes: Uint8Array };

/** One Apps Script project with the built Code.js loaded, and what its services saw. */
export class AppsScriptSandbox {
  readonly context: vm.Context;
  readonly fetches: FetchCall[] = [];
  readonly writes: SetValuesCall[] = [];
  readonly menus: { items: [string, string][]; added: boolean }[] = [];
  readonly sidebars: FakeHtmlOutput[] = [];
  readonly dialogs: { html: FakeHtmlOutput; title: string }[] = [];
  readonly scriptProperties = new FakeProperties();
  readonly userProperties = new FakeProperties();
  readonly driveFiles = new Map<string, DriveFile>();
  /** The spreadsheet's sheets, in order; a new one is added by insertSheet. */
  readonly sheets: string[] = ['Sheet1'];
  activeSheet = 'Sheet1';
  identityToken: string | null = 'google-id-token-of-ada';
  /** The manifest's URL prefixes: when present, UrlFetchApp refuses any other URL. */
  readonly urlFetchWhitelist: string[] | undefined;
  private readonly handlers: Handler[] = [];

  constructor(readonly distDir: string) {
    this.urlFetchWhitelist = readManifest(distDir).urlFetchWhitelist;
    this.context = vm.createContext(appsScriptGlobals(this));
    const code = readFileSync(path.join(distDir, 'Code.js'), 'utf8');
    vm.runInContext(code, this.context, { filename: 'Code.js' });
  }

  /** The API's next answers, in order (each call takes one). */
  reply(...handlers: (Handler | Reply)[]): void {
    this.handlers.push(...handlers.map((h) => (typeof h === 'function' ? h : () => h)));
  }

  /** Calls a top-level function of Code.js as Apps Script (or google.script.run) would. */
  call(name: string, ...args: unknown[]): unknown {
    const fn: unknown = this.context[name];
    if (typeof fn !== 'function') throw new Error(`Code.js has no top-level function ${name}`);
    // Arguments cross from the sidebar as JSON-like data, as google.script.run sends them.
    const result: unknown = (fn as (...a: unknown[]) => unknown)(
      ...args.map((a) => JSON.parse(JSON.stringify(a)) as unknown),
    );
    return result === undefined ? undefined : (JSON.parse(JSON.stringify(result)) as unknown);
  }

  scriptError(message: string): Error {
    const ScriptError = vm.runInContext('Error', this.context) as ErrorConstructor;
    return new ScriptError(message);
  }

  /** The API's next scripted answer (for the fake UrlFetchApp). */
  nextHandler(): Handler | undefined {
    return this.handlers.shift();
  }
}

/** Apps Script's services, as fakes that record into the sandbox. */
function appsScriptGlobals(sandbox: AppsScriptSandbox): Record<string, unknown> {
  const sheetApi = (name: string) => ({
    getName: () => name,
    getRange(row: number, column: number, numRows: number, numColumns: number) {
      return {
        setValues(values: string[][]) {
          // Apps Script refuses values whose shape differs from the range's.
          if (values.length !== numRows || values.some((r) => r.length !== numColumns)) {
            throw new Error(
              `The number of rows or columns in the data does not match the range (${String(numRows)}x${String(numColumns)})`,
            );
          }
          sandbox.writes.push({
            sheet: name,
            row,
            column,
            values: JSON.parse(JSON.stringify(values)) as string[][],
          });
        },
      };
    },
    activate() {
      sandbox.activeSheet = name;
    },
  });
  const ui = {
    createAddonMenu() {
      const menu = { items: [] as [string, string][], added: false };
      sandbox.menus.push(menu);
      const api = {
        addItem(caption: string, functionName: string) {
          menu.items.push([caption, functionName]);
          return api;
        },
        addSeparator: () => api,
        addToUi() {
          menu.added = true;
        },
      };
      return api;
    },
    showSidebar(html: FakeHtmlOutput) {
      sandbox.sidebars.push(html);
    },
    showModalDialog(html: FakeHtmlOutput, title: string) {
      sandbox.dialogs.push({ html, title });
    },
  };
  return {
    SpreadsheetApp: {
      getUi: () => ui,
      getActiveSpreadsheet: () => ({
        getSheets: () => sandbox.sheets.map(sheetApi),
        insertSheet(name: string) {
          if (sandbox.sheets.some((s) => s.toLowerCase() === name.toLowerCase())) {
            throw new Error(`A sheet with the name "${name}" already exists.`);
          }
          sandbox.sheets.push(name);
          sandbox.activeSheet = name;
          return sheetApi(name);
        },
      }),
    },
    HtmlService: {
      createHtmlOutputFromFile(file: string) {
        const content = readFileSync(path.join(sandbox.distDir, `${file}.html`), 'utf8');
        return new FakeHtmlOutput(file, content);
      },
    },
    UrlFetchApp: {
      fetch(url: string, options: Record<string, unknown> = {}) {
        const allowed = sandbox.urlFetchWhitelist;
        if (allowed && !allowed.some((prefix) => url.startsWith(prefix))) {
          throw sandbox.scriptError(`The URL ${url} is not allowed by the urlFetchWhitelist`);
        }
        const payload = options.payload;
        const call: FetchCall = {
          url,
          method: (typeof options.method === 'string' ? options.method : 'get').toLowerCase(),
          headers: { ...((options.headers as Record<string, string> | undefined) ?? {}) },
          muteHttpExceptions: options.muteHttpExceptions as boolean | undefined,
          contentType: options.contentType as string | undefined,
          payload: typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload,
        };
        sandbox.fetches.push(call);
        const handler = sandbox.nextHandler();
        if (!handler) throw new Error(`No answer scripted for ${call.method} ${url}`);
        const reply = handler(call);
        // Thrown as Apps Script throws: an Error of the script's own realm.
        if (reply instanceof Error) throw sandbox.scriptError(reply.message);
        const text = 'text' in reply ? reply.text : JSON.stringify(reply.body);
        if (reply.status >= 400 && !call.muteHttpExceptions) {
          throw new Error(`Request failed for ${url} returned code ${String(reply.status)}`);
        }
        return { getResponseCode: () => reply.status, getContentText: () => text };
      },
    },
    ScriptApp: {
      getIdentityToken: () => sandbox.identityToken,
      getOAuthToken: () => 'oauth-access-token-of-ada',
    },
    PropertiesService: {
      getScriptProperties: () => sandbox.scriptProperties,
      getUserProperties: () => sandbox.userProperties,
    },
    DriveApp: {
      getFileById(id: string) {
        const file = sandbox.driveFiles.get(id);
        if (!file) throw new Error('No item with the given ID could be found.');
        return {
          getName: () => file.name,
          getSize: () => file.bytes.length,
          getBlob: () => ({
            getBytes: () => Array.from(file.bytes, (b) => (b > 127 ? b - 256 : b)),
          }),
        };
      },
    },
    Utilities: {
      // Apps Script's bytes are signed (Java's); the encoding is standard base64.
      base64Encode: (bytes: number[]) => Buffer.from(bytes.map((b) => b & 255)).toString('base64'),
    },
  };
}
