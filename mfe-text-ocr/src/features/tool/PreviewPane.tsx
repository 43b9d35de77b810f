import type { RefObject } from 'react';
import { CameraPreview, DropHint, DropZone, IMAGE_OR_PDF, type ChosenFile } from 'shared-ui';
import { PdfPreview } from './PdfPreview';

type Props = {
  file: ChosenFile | null;
  page: number;
  /** The camera's live picture replaces the preview while it is open. */
  cameraOpen: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onDropFile: (file: File) => void;
};

/**
 * The left pane: the camera, the chosen image or PDF page (pdf.js, bundled here and not in
 * shared-ui, whose worker must resolve in this remote), or where to drop a file.
 */
export function PreviewPane({ file, page, cameraOpen, videoRef, onDropFile }: Props) {
  return (
    <DropZone label="Preview" onFile={onDropFile}>
      {cameraOpen ? (
        <CameraPreview videoRef={videoRef} />
      ) : file ? (
        file.isPdf ? (
          <PdfPreview url={file.previewUrl} page={page} name={file.name} />
        ) : (
          <img src={file.previewUrl} alt={`Preview of ${file.name}`} />
        )
      ) : (
        <DropHint rules={IMAGE_OR_PDF} />
      )}
    </DropZone>
  );
}
