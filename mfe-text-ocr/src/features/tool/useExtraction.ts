import { useCallback, useEffect, useReducer } from 'react';
import type { User } from 'shared-ui';
import { chooseFile } from './chosen-file';
import { downloadText } from './download-text';
import { fileTooLargeMessage, planMaxBytes } from 'contracts';
import { requestExtraction } from './extract-api';
import {
  canDownload,
  canExtract,
  extractionReducer,
  initialExtraction,
  pageNumber,
} from './extraction-state';
import { useCamera } from './useCamera';

/**
 * The tool's behaviour: the reducer's state, the camera, and the actions the controls call.
 * Files come from the chooser, a drop, a paste anywhere on the page, or a camera capture.
 */
export function useExtraction(user: User) {
  const [state, dispatch] = useReducer(extractionReducer, initialExtraction);
  const camera = useCamera();
  const { stop: stopCamera, open: openStream, capture: captureFrame } = camera;
  const page = pageNumber(state);

  // Object URLs are released when the preview changes and when leaving the page.
  useEffect(() => {
    const url = state.file?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state.file]);

  const take = useCallback(
    async (picked: File, fromCamera = false) => {
      if (!fromCamera) stopCamera();
      dispatch({ type: 'readStarted' });
      try {
        dispatch({ type: 'fileChosen', file: await chooseFile(picked, fromCamera) });
      } catch {
        dispatch({ type: 'fileUnreadable' });
      }
    },
    [stopCamera],
  );

  // Paste an image from the clipboard anywhere on the page.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = Array.from(event.clipboardData?.files ?? []).find(
        (f) => f.type.startsWith('image/') || f.type === 'application/pdf',
      );
      if (pasted) {
        event.preventDefault();
        void take(pasted);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [take]);

  const openCamera = async () => {
    dispatch({ type: 'cameraOpened' });
    await openStream();
  };
  const capture = async () => {
    const photo = await captureFrame();
    if (photo) await take(photo, true);
  };

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
    if (outcome.ok) {
      dispatch({ type: 'extractSucceeded', result: { text: outcome.text, found: outcome.found } });
    } else {
      dispatch({ type: 'extractFailed', failure: outcome.failure });
    }
  };

  const download = () => {
    if (state.file && state.result) downloadText(state.file, state.result.text);
  };

  return {
    state,
    page,
    canExtract: canExtract(state),
    canDownload: canDownload(state),
    camera,
    choose: (file: File) => void take(file),
    setPageText: (pageText: string) => dispatch({ type: 'pageChanged', pageText }),
    commitPage: () => dispatch({ type: 'pageCommitted' }),
    setLanguage: (language: string) => dispatch({ type: 'languageChanged', language }),
    openCamera: () => void openCamera(),
    capture: () => void capture(),
    extract: () => void extract(),
    download,
  };
}

export type Extraction = ReturnType<typeof useExtraction>;
