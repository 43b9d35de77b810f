import { useId } from 'react';
import { Button, CameraButton, FileChooser, IMAGE_OR_PDF, tokens } from 'shared-ui';
import styled from 'styled-components';
import type { LanguageOption } from './useLanguages';

const StyledControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[3]};
  align-items: end;
  margin: ${tokens.space[4]} 0;
  label {
    display: flex;
    flex-direction: column;
    gap: ${tokens.space[1]};
    font-weight: 600;
    min-width: 0;
    max-width: 100%;
  }
  select {
    max-width: min(100%, 22rem);
  }
  select,
  input[type='number'] {
    font: inherit;
    padding: ${tokens.space[2]};
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.sm};
  }
`;

type Props = {
  running: boolean;
  cameraOpen: boolean;
  /** The page field shows for PDFs only. */
  isPdf: boolean;
  pageText: string;
  language: string;
  languages: LanguageOption[];
  canExtract: boolean;
  onChooseFile: (file: File) => void;
  onOpenCamera: () => void;
  onCapture: () => void;
  onPageText: (pageText: string) => void;
  onPageBlur: () => void;
  onLanguage: (language: string) => void;
  onExtract: () => void;
};

/** The pivot language's name, for 'Italian (it), via Spanish' (its code if it is not listed). */
const pivotName = (languages: LanguageOption[], code: string): string =>
  languages.find((l) => l.code === code)?.name ?? code;

/** The row above the panes: shared-ui's chooser and camera, PDF page, language, Extract Text. */
export function ExtractControls(props: Props) {
  const ids = { page: useId(), language: useId() };
  return (
    <StyledControls>
      <FileChooser rules={IMAGE_OR_PDF} disabled={props.running} onFile={props.onChooseFile} />
      <CameraButton
        cameraOpen={props.cameraOpen}
        disabled={props.running}
        onOpen={props.onOpenCamera}
        onCapture={props.onCapture}
      />
      {props.isPdf && (
        <label htmlFor={ids.page}>
          from Page
          <input
            id={ids.page}
            type="number"
            min={1}
            step={1}
            value={props.pageText}
            onChange={(event) => props.onPageText(event.target.value)}
            onBlur={props.onPageBlur}
          />
        </label>
      )}
      <label htmlFor={ids.language}>
        Language
        <select
          id={ids.language}
          value={props.language}
          disabled={props.running}
          onChange={(event) => props.onLanguage(event.target.value)}
        >
          {props.languages.map((option) => (
            <option key={option.code} value={option.code} disabled={!option.translatable}>
              {option.code ? `${option.name} (${option.code})` : option.name}
              {option.via ? `, via ${pivotName(props.languages, option.via)}` : ''}
              {option.translatable ? '' : ' (not available)'}
            </option>
          ))}
        </select>
      </label>
      <Button onClick={props.onExtract} disabled={!props.canExtract}>
        Extract Text
      </Button>
    </StyledControls>
  );
}
