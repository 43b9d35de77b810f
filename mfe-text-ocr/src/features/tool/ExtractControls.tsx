import { useId, type ChangeEvent } from 'react';
import { Button, tokens } from 'shared-ui';
import styled from 'styled-components';
import { ACCEPT } from './chosen-file';
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

/** The row above the panes: file chooser, camera, PDF page, language and Extract Text. */
export function ExtractControls(props: Props) {
  const ids = { file: useId(), page: useId(), language: useId() };
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (picked) props.onChooseFile(picked);
    event.target.value = '';
  };
  return (
    <StyledControls>
      <label htmlFor={ids.file}>
        Choose an image or PDF
        <input
          id={ids.file}
          type="file"
          accept={ACCEPT}
          onChange={onChoose}
          disabled={props.running}
        />
      </label>
      {props.cameraOpen ? (
        <Button variant="secondary" onClick={props.onCapture}>
          Capture Photo
        </Button>
      ) : (
        <Button variant="secondary" onClick={props.onOpenCamera} disabled={props.running}>
          Open Camera
        </Button>
      )}
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
