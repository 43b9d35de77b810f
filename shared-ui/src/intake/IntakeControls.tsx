import { useId, type ChangeEvent, type DragEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../primitives/Button';
import { Pane, PaneHint } from '../primitives/Pane';
import { acceptAttribute, type IntakeRules } from './chosen-file';

type ChooserProps = {
  rules: IntakeRules;
  disabled?: boolean;
  onFile: (file: File) => void;
};

/** 'Choose an image or PDF': the file input, accepting the rules' types. */
export function FileChooser({ rules, disabled = false, onFile }: ChooserProps) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (picked) onFile(picked);
    // (the same file chosen again is a change too)
    event.target.value = '';
  };
  return (
    <label htmlFor={id}>
      Choose {rules.label}
      <input
        id={id}
        type="file"
        accept={acceptAttribute(rules)}
        onChange={onChange}
        disabled={disabled}
      />
    </label>
  );
}

type CameraButtonProps = {
  cameraOpen: boolean;
  disabled?: boolean;
  onOpen: () => void;
  onCapture: () => void;
};

/** 'Open Camera', then 'Capture Photo' while the camera is open (spec §2, §4). */
export function CameraButton({
  cameraOpen,
  disabled = false,
  onOpen,
  onCapture,
}: CameraButtonProps) {
  return cameraOpen ? (
    <Button variant="secondary" onClick={onCapture}>
      Capture Photo
    </Button>
  ) : (
    <Button variant="secondary" onClick={onOpen} disabled={disabled}>
      Open Camera
    </Button>
  );
}

/** The camera's live picture. */
export function CameraPreview({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  return <video ref={videoRef} aria-label="Camera preview" muted playsInline />;
}

type DropZoneProps = {
  label?: string;
  onFile: (file: File) => void;
  children: ReactNode;
};

/** A pane a file can be dropped on (the preview); named for screen readers. */
export function DropZone({ label = 'Preview', onFile, children }: DropZoneProps) {
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <Pane
      role="region"
      aria-label={label}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      {children}
    </Pane>
  );
}

/** What an empty drop zone says: 'Drop an image or PDF here, paste one ..., or choose a file.' */
export function DropHint({ rules }: { rules: IntakeRules }) {
  return (
    <PaneHint>Drop {rules.label} here, paste one from the clipboard, or choose a file.</PaneHint>
  );
}
