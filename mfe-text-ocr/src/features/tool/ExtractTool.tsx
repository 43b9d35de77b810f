import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
} from 'react';
import { Button, tokens, type User } from 'shared-ui';
import styled from 'styled-components';
import { ACCEPT, chooseFile, type ChosenFile } from './chosen-file';
import { downloadText } from './download-text';
import { ExtractProgress } from './ExtractProgress';
import { requestExtraction, type ExtractFailure } from './extract-api';
import { FailureMessage, StyledError } from './FailureMessage';
import { PdfPreview } from './PdfPreview';
import { useCamera } from './useCamera';
import { useLanguages } from './useLanguages';

export const NO_TEXT_FOUND = 'No text found';

const StyledTool = styled.section`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${tokens.space[6]};
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
  }
`;
const StyledPane = styled.div`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  min-height: 320px;
  padding: ${tokens.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[3]};
  img,
  video,
  canvas {
    max-width: 100%;
    max-height: 480px;
    object-fit: contain;
    align-self: center;
  }
`;
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
const StyledResult = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  margin: 0;
  flex: 1;
`;
const StyledDrop = styled.p`
  color: ${tokens.color.textMuted};
  text-align: center;
  margin: auto;
`;

/** The signed-in tool (spec §2, §4): choose or capture, preview, extract, download. */
export function ExtractTool({ user }: { user: User }) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  // The field's text as typed (it may be empty while typing); the page read is at least 1.
  const [pageText, setPageText] = useState('1');
  const page = Math.max(1, Math.floor(Number(pageText)) || 1);
  const [language, setLanguage] = useState('');
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [resultFresh, setResultFresh] = useState(false);
  const [failure, setFailure] = useState<ExtractFailure | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const languages = useLanguages();
  const {
    stream,
    error: cameraError,
    open: openStream,
    capture: captureFrame,
    stop: stopCamera,
    videoRef,
  } = useCamera();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const ids = { file: useId(), page: useId(), language: useId() };

  // Object URLs are released when the preview changes and when leaving the page.
  useEffect(() => {
    const url = file?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const take = useCallback(
    async (picked: File, fromCamera = false) => {
      if (!fromCamera) stopCamera();
      setReadError(null);
      try {
        const chosen = await chooseFile(picked, fromCamera);
        setFile(chosen);
        setPageText('1');
        setResult(null);
        setResultFresh(false);
        setFailure(null);
      } catch {
        setReadError('The file could not be read. Please choose it again.');
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

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (picked) void take(picked);
    event.target.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files[0];
    if (dropped) void take(dropped);
  };

  const openCamera = async () => {
    setFile(null);
    setResult(null);
    setResultFresh(false);
    setFailure(null);
    await openStream();
  };
  const capture = async () => {
    const photo = await captureFrame();
    if (photo) await take(photo, true);
  };

  const extract = async () => {
    if (!file) return;
    setLoading(true);
    setResult(null);
    setFailure(null);
    const outcome = await requestExtraction(
      { base64: file.base64, isPdf: file.isPdf, page, language },
      Boolean(user.isTextOcrFeedbackSubmitted),
    );
    setLoading(false);
    if (outcome.ok) {
      setResult(outcome.text);
      setResultFresh(true);
    } else {
      setFailure(outcome.failure);
    }
  };

  const download = () => {
    if (file && result) downloadText(file, result);
  };

  const canDownload = Boolean(result && result.trim() && result !== NO_TEXT_FOUND);

  return (
    <div>
      <StyledControls>
        <label htmlFor={ids.file}>
          Choose an image or PDF
          <input
            id={ids.file}
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            onChange={onChoose}
            disabled={loading}
          />
        </label>
        {stream ? (
          <Button variant="secondary" onClick={() => void capture()}>
            Capture Photo
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void openCamera()} disabled={loading}>
            Open Camera
          </Button>
        )}
        {file?.isPdf && (
          <label htmlFor={ids.page}>
            from Page
            <input
              id={ids.page}
              type="number"
              min={1}
              step={1}
              value={pageText}
              onChange={(event) => {
                setPageText(event.target.value);
                setResultFresh(false);
              }}
              onBlur={() => setPageText(String(page))}
            />
          </label>
        )}
        <label htmlFor={ids.language}>
          Language
          <select
            id={ids.language}
            value={language}
            disabled={loading}
            onChange={(event) => {
              setLanguage(event.target.value);
              setResultFresh(false);
            }}
          >
            {languages.map((option) => (
              <option key={option.code} value={option.code} disabled={!option.translatable}>
                {option.code ? `${option.name} (${option.code})` : option.name}
                {option.translatable ? '' : ' (not available)'}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void extract()} disabled={!file || loading || resultFresh}>
          Extract Text
        </Button>
      </StyledControls>
      {(readError ?? cameraError) && (
        <StyledError role="alert">
          <p>{readError ?? cameraError}</p>
        </StyledError>
      )}
      <StyledTool aria-label="Text extraction">
        <StyledPane
          role="region"
          aria-label="Preview"
          onDragOver={(event) => event.preventDefault()}
          onDrop={onDrop}
        >
          {stream ? (
            <video ref={videoRef} aria-label="Camera preview" muted playsInline />
          ) : file ? (
            file.isPdf ? (
              <PdfPreview url={file.previewUrl} page={page} name={file.name} />
            ) : (
              <img src={file.previewUrl} alt={`Preview of ${file.name}`} />
            )
          ) : (
            <StyledDrop>
              Drop an image or PDF here, paste one from the clipboard, or choose a file.
            </StyledDrop>
          )}
        </StyledPane>
        <StyledPane role="region" aria-label="Extracted text" aria-live="polite">
          {loading && <ExtractProgress />}
          {failure && <FailureMessage failure={failure} />}
          {result !== null && <StyledResult>{result}</StyledResult>}
          {!loading && !failure && result === null && (
            <StyledDrop>The extracted text appears here.</StyledDrop>
          )}
          {canDownload && (
            <Button variant="secondary" onClick={download}>
              Download Text
            </Button>
          )}
        </StyledPane>
      </StyledTool>
    </div>
  );
}
