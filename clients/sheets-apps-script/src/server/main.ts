// Every function Apps Script calls: the simple triggers, the menu's item, and each server
// function the sidebar and the Picker dialog call with google.script.run. The build bundles this
// module as one global object and writes a top-level `function name() {}` for each export,
// because Apps Script only sees top-level function declarations (scripts/build.mjs).
export { onInstall, onOpen, showSidebar, showPicker } from './ui.js';
export { getSidebarState, getPickerConfig, pickerDone, takePickerResult } from './ui.js';
export { extractUpload, extractDriveFile, pollJob, cancelJob } from './extraction.js';
