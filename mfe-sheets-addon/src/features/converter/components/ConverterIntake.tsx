import { useEffect, useId, useState, type DragEvent } from 'react';
import { tokens } from 'shared-ui';
import styled from 'styled-components';

// The converter's file intake, kept to one component with one way out (onFile) so shared-ui's
// file intake (issue 22 item 0, being moved out of mfe-text-ocr) can take its place later:
// a labelled file input, a drop zone, and a paste anywhere on the page.

const StyledDropZone = styled.div<{ $over: boolean }>`
  display: grid;
  gap: ${tokens.space[2]};
  justify-items: center;
  padding: ${tokens.space[6]} ${tokens.space[4]};
  border: 2px dashed ${({ $over }) => ($over ? tokens.color.primary : tokens.color.border)};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  text-align: center;
  p {
    margin: 0;
    color: ${tokens.color.textMuted};
  }
  label {
    font-weight: 600;
  }
  input:focus-visible {
    outline: 3px solid ${tokens.color.focus};
    outline-offset: 2px;
  }
`;

export const ACCEPTED_FILES = 'application/pdf,image/*';

const tableFileOf = (files: FileList | null | undefined): File | undefined =>
  Array.from(files ?? []).find((f) => f.type.startsWith('image/') || f.type === 'application/pdf');

export type ConverterIntakeProps = {
  onFile: (file: File) => void;
  disabled?: boolean;
};

export function ConverterIntake({ onFile, disabled = false }: ConverterIntakeProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  // Paste a PDF or an image from the clipboard anywhere on the page.
  useEffect(() => {
    if (disabled) return undefined;
    const onPaste = (event: ClipboardEvent) => {
      const pasted = tableFileOf(event.clipboardData?.files);
      if (pasted) {
        event.preventDefault();
        onFile(pasted);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onFile, disabled]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <StyledDropZone
      $over={over}
      data-testid="converter-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId}>Choose a PDF or image</label>
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED_FILES}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          // The same file may be chosen again after a change of pages or mode.
          event.target.value = '';
        }}
      />
      <p id={hintId}>or drop it here, or paste it (Ctrl+V)</p>
    </StyledDropZone>
  );
}
