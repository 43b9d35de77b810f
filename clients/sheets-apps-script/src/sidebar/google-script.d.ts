// The parts of HtmlService's client API (google.script) and Google Picker the sidebar and the
// dialog use. The Apps Script type package describes the server side only.
type ScriptRunner = {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: Error) => void): ScriptRunner;
} & Record<string, (...args: unknown[]) => void>;

type PickerDocument = {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes?: number;
};

type PickerCallbackData = { action: string; docs?: PickerDocument[] };

type PickerBuilder = {
  addView(view: unknown): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setAppId(appId: string): PickerBuilder;
  setOrigin(origin: string): PickerBuilder;
  setSize(width: number, height: number): PickerBuilder;
  setTitle(title: string): PickerBuilder;
  setCallback(callback: (data: PickerCallbackData) => void): PickerBuilder;
  build(): { setVisible(visible: boolean): void };
};

declare const google: {
  script: {
    run: ScriptRunner;
    host: { origin: string; close(): void };
  };
  picker: {
    Action: { PICKED: string; CANCEL: string };
    ViewId: { DOCS: string };
    DocsView: new (viewId?: string) => {
      setMimeTypes(types: string): unknown;
      setIncludeFolders(include: boolean): unknown;
    };
    PickerBuilder: new () => PickerBuilder;
  };
};

declare const gapi: { load(api: string, callback: () => void): void };
