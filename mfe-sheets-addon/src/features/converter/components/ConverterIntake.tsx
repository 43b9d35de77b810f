import {
  CameraButton,
  CameraPreview,
  DropHint,
  DropZone,
  FileChooser,
  tokens,
  type ChosenFile,
  type FileIntake,
  type IntakeRules,
} from 'shared-ui';
import styled from 'styled-components';

const StyledIntake = styled.div`
  display: grid;
  gap: ${tokens.space[3]};
  label {
    display: flex;
    flex-direction: column;
    gap: ${tokens.space[1]};
    font-weight: 600;
  }
  /* Smaller than a tool's preview pane: most files here are PDFs, shown by name. */
  [role='region'] {
    min-height: 160px;
  }
`;
const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[3]};
  align-items: end;
`;
const StyledCameraError = styled.p`
  color: ${tokens.color.error};
`;

export type ConverterIntakeProps = {
  intake: FileIntake;
  rules: IntakeRules;
  /** The chosen file: an image (a phone photo of an invoice) is previewed. */
  file: ChosenFile | null;
  disabled: boolean;
};

/**
 * shared-ui's file intake as the converter lays it out: the chooser and the camera, and a drop
 * zone showing the camera's picture, the chosen image, or where to drop (paste works anywhere).
 */
export function ConverterIntake({ intake, rules, file, disabled }: ConverterIntakeProps) {
  return (
    <StyledIntake>
      <StyledRow>
        <FileChooser rules={rules} disabled={disabled} onFile={intake.choose} />
        <CameraButton
          cameraOpen={intake.cameraOpen}
          disabled={disabled}
          onOpen={intake.openCamera}
          onCapture={intake.capture}
        />
      </StyledRow>
      {intake.camera.error && (
        <StyledCameraError role="alert">{intake.camera.error}</StyledCameraError>
      )}
      <DropZone label="File to convert" onFile={intake.choose}>
        {intake.cameraOpen ? (
          <CameraPreview videoRef={intake.camera.videoRef} />
        ) : file && !file.isPdf ? (
          <img src={file.previewUrl} alt={`Preview of ${file.name}`} />
        ) : (
          <DropHint rules={rules} />
        )}
      </DropZone>
    </StyledIntake>
  );
}
