import { useEffect, useReducer } from 'react';
import { fileTooLargeMessage, planMaxBytes } from 'contracts';
import { IMAGE_OR_PDF, useFileIntake, type User } from 'shared-ui';
import { copyText } from './copy-text';
import { downloadText } from './download-text';
import { requestExtraction } from './extract-api';
import {
  canDownload,
  canExtract,
  extractionReducer,
  initialExtraction,
  pageNumber,
} from './extraction-state';

/**
 * The tool's behaviour: the reducer's state, shared-ui's file intake (chooser, drop, paste
 * anywhere on the page, camera), and the actions the controls call. `onAnswered` runs after each
 * answer of the API.
 */
export function useExtraction(user: User, onAnswered?: () => void) {
  const [state, dispatch] = useReducer(extractionReducer, initialExtraction);
  const page = pageNumber(state);
  // Any size is taken here: the plan's limit is said at Extract, with the upgrade offer.
  const intake = useFileIntake(IMAGE_OR_PDF, {
    onReadStarted: () => dispatch({ type: 'readStarted' }),
    onChosen: (file) => dispatch({ type: 'fileChosen', file }),
    onUnreadable: () => dispatch({ type: 'fileUnreadable' }),
    onRefused: ({ message }) => dispatch({ type: 'fileRefused', message }),
    onCameraOpened: () => dispatch({ type: 'cameraOpened' }),
  });

  // Object URLs are released when the preview changes and when leaving the page.
  useEffect(() => {
    const url = state.file?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state.file]);

  const extract = async () => {
    const { file, language } = state;
    if (!file) return;
    dispatch({ type: 'extractStarted' });
    // Over the plan's size the server would refuse it anyway: say so without sending it.
    const limit = planMaxBytes(user);
    if (file.size > limit) {
      dispatch({
        type: 'extractFailed',
        failure: { kind: 'size', text: fileTooLargeMessage(limit) },
      });
      return;
    }
    const outcome = await requestExtraction(
      { base64: file.base64, isPdf: file.isPdf, page, language },
      Boolean(user.isTextOcrFeedbackSubmitted),
    );
    // The day's count changed (or the limit was met): whoever shows it reads it again.
    onAnswered?.();
    if (outcome.ok) {
      dispatch({ type: 'extractSucceeded', result: { text: outcome.text, found: outcome.found } });
    } else {
      dispatch({ type: 'extractFailed', failure: outcome.failure });
    }
  };

  const download = () => {
    if (state.file && state.result) downloadText(state.file, state.result.text);
  };

  const copy = () => {
    if (state.result) void copyText(state.result.text);
  };

  return {
    state,
    page,
    canExtract: canExtract(state),
    canDownload: canDownload(state),
    camera: intake.camera,
    choose: intake.choose,
    setPageText: (pageText: string) => dispatch({ type: 'pageChanged', pageText }),
    commitPage: () => dispatch({ type: 'pageCommitted' }),
    setLanguage: (language: string) => dispatch({ type: 'languageChanged', language }),
    openCamera: intake.openCamera,
    capture: intake.capture,
    extract: () => void extract(),
    download,
    copy,
  };
}

export type Extraction = ReturnType<typeof useExtraction>;
