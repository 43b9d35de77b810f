import type { DragEvent, RefObject } from 'react';
import type { ChosenFile } from './chosen-file';
import { PdfPreview } from './PdfPreview';
import { StyledHint, StyledPane } from './ToolPane';

type Props = {
  file: ChosenFile | null;
  page: number;
  /** The camera's live picture replaces the preview while it is open. */
  cameraOpen: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onDropFile: (file: File) => void;
};

/** The left pane: the camera, the chosen image or PDF page, or where to drop a file. */
export function PreviewPane({ file, page, cameraOpen, videoRef, onDropFile }: Props) {
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped) onDropFile(dropped);
  };
  return (
    <StyledPane
      role="region"
      aria-label="Preview"
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      {cameraOpen ? (
        <video ref={videoRef} aria-label="Camera preview" muted playsInline />
      ) : file ? (
        file.isPdf ? (
          <PdfPreview url={file.previewUrl} page={page} name={file.name} />
        ) : (
          <img src={file.previewUrl} alt={`Preview of ${file.name}`} />
        )
      ) : (
        <StyledHint>
          Drop an image or PDF here, paste one from the clipboard, or choose a file.
        </StyledHint>
      )}
    </StyledPane>
  );
}
