import type { User } from 'shared-ui';
import { ExtractControls } from './ExtractControls';
import { StyledError } from './FailureMessage';
import { PreviewPane } from './PreviewPane';
import { RemainingExtractions } from './RemainingExtractions';
import { ResultPane } from './ResultPane';
import { StyledTool } from './ToolPane';
import { useDailyUsage } from './useDailyUsage';
import { useExtraction } from './useExtraction';
import { useLanguages } from './useLanguages';

/**
 * The signed-in tool (spec §2, §4): what is left of today's free extractions; choose or capture,
 * preview, extract, download or copy.
 */
export function ExtractTool({ user }: { user: User }) {
  const { usage, refresh } = useDailyUsage(user);
  const extraction = useExtraction(user, refresh);
  const languages = useLanguages();
  const { state, camera } = extraction;
  const cameraOpen = camera.stream !== null;
  const notice = state.readError ?? camera.error;

  return (
    <div>
      <RemainingExtractions usage={usage} />
      <ExtractControls
        running={state.running}
        cameraOpen={cameraOpen}
        isPdf={Boolean(state.file?.isPdf)}
        pageText={state.pageText}
        language={state.language}
        languages={languages}
        canExtract={extraction.canExtract}
        onChooseFile={extraction.choose}
        onOpenCamera={extraction.openCamera}
        onCapture={extraction.capture}
        onPageText={extraction.setPageText}
        onPageBlur={extraction.commitPage}
        onLanguage={extraction.setLanguage}
        onExtract={extraction.extract}
      />
      {notice && (
        <StyledError role="alert">
          <p>{notice}</p>
        </StyledError>
      )}
      <StyledTool aria-label="Text extraction">
        <PreviewPane
          file={state.file}
          page={extraction.page}
          cameraOpen={cameraOpen}
          videoRef={camera.videoRef}
          onDropFile={extraction.choose}
        />
        <ResultPane
          running={state.running}
          failure={state.failure}
          result={state.result}
          canDownload={extraction.canDownload}
          onDownload={extraction.download}
          onCopy={extraction.copy}
        />
      </StyledTool>
    </div>
  );
}
