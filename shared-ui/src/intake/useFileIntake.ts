import { useCallback, useEffect, useRef } from 'react';
import {
  checkFile,
  isAccepted,
  readChosenFile,
  type ChosenFile,
  type FileRefusal,
  type IntakeRules,
} from './chosen-file';
import { useCamera } from './useCamera';

/** What the tool does with each step; its own state (a reducer) lives with it. */
export type FileIntakeEvents = {
  /** A file is being read (a previous read error can go). */
  onReadStarted?: () => void;
  onChosen: (file: ChosenFile) => void;
  /** The browser could not read it. */
  onUnreadable: () => void;
  /** Its type or size is not taken (the rules). */
  onRefused: (refusal: FileRefusal) => void;
  /** The camera is opening: a chosen file makes way for the live picture (spec §4). */
  onCameraOpened?: () => void;
};

/**
 * File intake for a tool: a file chosen, dropped, pasted anywhere on the page (any accepted file
 * in the clipboard) or captured with the camera is checked against the rules, read, and handed to
 * `onChosen`. Choosing a file stops the camera; leaving the page stops it too (useCamera).
 */
export function useFileIntake(rules: IntakeRules, events: FileIntakeEvents) {
  const camera = useCamera();
  const { stop: stopCamera, open: openStream, capture: captureFrame } = camera;
  // The latest rules and callbacks, without re-subscribing the paste listener on each render.
  const current = useRef({ rules, events });
  useEffect(() => {
    current.current = { rules, events };
  });

  const take = useCallback(
    async (picked: File, fromCamera = false) => {
      const { rules: now, events: on } = current.current;
      if (!fromCamera) stopCamera();
      const refusal = checkFile(picked, now);
      if (refusal) {
        on.onRefused(refusal);
        return;
      }
      on.onReadStarted?.();
      let chosen: ChosenFile;
      try {
        chosen = await readChosenFile(picked, fromCamera);
      } catch {
        on.onUnreadable();
        return;
      }
      on.onChosen(chosen);
    },
    [stopCamera],
  );

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = Array.from(event.clipboardData?.files ?? []).find((file) =>
        isAccepted(file, current.current.rules),
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
    current.current.events.onCameraOpened?.();
    await openStream();
  };
  const capture = async () => {
    const photo = await captureFrame();
    if (photo) await take(photo, true);
  };

  return {
    camera,
    cameraOpen: camera.stream !== null,
    /** A file from the chooser or a drop. */
    choose: (file: File) => void take(file),
    openCamera: () => void openCamera(),
    capture: () => void capture(),
  };
}

export type FileIntake = ReturnType<typeof useFileIntake>;
