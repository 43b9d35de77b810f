import { useId, useMemo, useRef, useState } from 'react';
import type { Strictness } from 'sentiment-classifier';
import { Button, TextArea, tokens } from 'shared-ui';
import styled from 'styled-components';
import { CommentList } from './CommentList';
import type { Classifier } from './load-classifier';
import { SAMPLE_THREAD, type DemoComment } from './sample-thread';
import { useClassifier } from './useClassifier';

/** What each strictness level asks of a comment (sentiment-classifier's POSITIVE_THRESHOLDS). */
export const STRICTNESS_TEXT: Readonly<Record<Strictness, { label: string; hint: string }>> = {
  relaxed: { label: 'Relaxed', hint: 'any leaning to the good side, even a plain “thanks”' },
  balanced: { label: 'Balanced', hint: 'a clear positive word that nothing outweighs' },
  strict: { label: 'Strict', hint: 'plain enthusiasm only' },
};

/** Pasted comments: one a line; blank lines and surrounding spaces are dropped. */
export function splitComments(pasted: string): DemoComment[] {
  return pasted
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((text, index) => ({ id: `own-${String(index)}`, author: 'You', text }));
}

const StyledDemo = styled.section`
  padding: ${tokens.space[8]} 0;
  border-top: 1px solid ${tokens.color.border};
  fieldset {
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.md};
    padding: ${tokens.space[3]} ${tokens.space[4]};
    margin: 0;
  }
  legend {
    font-weight: 600;
    padding: 0 ${tokens.space[1]};
  }
`;
const StyledControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${tokens.space[4]};
  margin-bottom: ${tokens.space[6]};
`;
const StyledOption = styled.label`
  display: flex;
  align-items: baseline;
  gap: ${tokens.space[2]};
  padding: ${tokens.space[1]} 0;
  small {
    color: ${tokens.color.textMuted};
  }
`;
const StyledToggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${tokens.space[2]};
  padding: ${tokens.space[3]} ${tokens.space[4]};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  font-weight: 600;
`;
const StyledColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
  gap: ${tokens.space[6]};
  align-items: start;
`;
const StyledNotice = styled.div`
  padding: ${tokens.space[4]};
  border: 1px solid ${tokens.color.error};
  border-radius: ${tokens.radius.md};
  p {
    margin-top: 0;
  }
`;
const StyledAttribution = styled.section`
  margin-top: ${tokens.space[6]};
  color: ${tokens.color.textMuted};
  font-size: 0.85rem;
  h3 {
    font-size: 0.95rem;
  }
  ul {
    padding-left: 1.2rem;
  }
`;

function StrictnessControl({
  levels,
  value,
  onChange,
}: {
  levels: readonly Strictness[];
  value: Strictness;
  onChange: (level: Strictness) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend>Strictness</legend>
      {levels.map((level) => (
        <StyledOption key={level}>
          <input
            type="radio"
            name={name}
            value={level}
            checked={value === level}
            onChange={() => onChange(level)}
          />
          <span>
            {STRICTNESS_TEXT[level].label} <small>({STRICTNESS_TEXT[level].hint})</small>
          </span>
        </StyledOption>
      ))}
    </fieldset>
  );
}

/** The credits of the classifier's word lists and model, from the classifier itself. */
function Attribution({ classifier }: { classifier: Classifier }) {
  return (
    <StyledAttribution aria-labelledby="attribution-title">
      <h3 id="attribution-title">Where the classifier’s words come from</h3>
      <ul>
        {classifier.SENTIMENT_ATTRIBUTIONS.map((entry) => (
          <li key={entry.work}>
            <a href={entry.sourceUrl} target="_blank" rel="noopener noreferrer">
              {entry.work}
            </a>{' '}
            by {entry.by},{' '}
            <a href={entry.licenceUrl} target="_blank" rel="noopener noreferrer">
              {entry.licence}
            </a>
            .
          </li>
        ))}
      </ul>
      <p>
        The classifier&rsquo;s own comment-section words, idioms and emoji were written for it. The
        model&rsquo;s word list is adapted from AFINN-165 and its emoji scores from Emoji Sentiment
        Ranking, both used under the licences above.
      </p>
    </StyledAttribution>
  );
}

function Workbench({ classifier }: { classifier: Classifier }) {
  const [strictness, setStrictness] = useState<Strictness>(classifier.DEFAULT_STRICTNESS);
  const [positiveFirst, setPositiveFirst] = useState(false);
  const [pasted, setPasted] = useState('');
  const own = useMemo(() => splitComments(pasted), [pasted]);
  const hintId = useId();
  const shared = { classifier, strictness, positiveFirst };
  return (
    <>
      <StyledControls>
        <StrictnessControl
          levels={classifier.STRICTNESS_LEVELS}
          value={strictness}
          onChange={setStrictness}
        />
        <StyledToggle>
          <input
            type="checkbox"
            checked={positiveFirst}
            onChange={(event) => setPositiveFirst(event.target.checked)}
          />
          Positive first
        </StyledToggle>
      </StyledControls>
      <StyledColumns>
        <CommentList
          {...shared}
          title={`Sample thread: “${SAMPLE_THREAD.video.title}” (${SAMPLE_THREAD.video.channel})`}
          comments={SAMPLE_THREAD.comments}
        />
        <div>
          <TextArea
            label="Paste your own comments"
            aria-describedby={hintId}
            value={pasted}
            rows={6}
            onChange={(event) => setPasted(event.target.value)}
          />
          <p id={hintId}>
            One comment per line. They are read here, in your browser, and sent nowhere.
          </p>
          {own.length > 0 && <CommentList {...shared} title="Your comments" comments={own} />}
        </div>
      </StyledColumns>
      <Attribution classifier={classifier} />
    </>
  );
}

type Props = {
  /** Where the classifier comes from: its own chunk (the default), or a test's stand-in. */
  load?: () => Promise<Classifier>;
};

/**
 * The live demo (#demo): the sample thread and the visitor's own comments, with the positive ones
 * highlighted at the chosen strictness and, on request, shown first. It runs in the browser with
 * the extension's classifier, fetched when the demo comes near the viewport.
 */
export function LiveDemo({ load }: Props) {
  const section = useRef<HTMLElement>(null);
  const { state, retry } = useClassifier(section, load);
  return (
    <StyledDemo ref={section} id="demo" aria-labelledby="demo-title">
      <h2 id="demo-title">Try it here</h2>
      <p>
        The same classifier as the extension&rsquo;s, running on this page: pick a strictness, put
        the positive comments first, or paste comments of your own.
      </p>
      {state.status === 'loading' && (
        <p role="status">Loading the classifier (about 1 MB, once)&hellip;</p>
      )}
      {state.status === 'failed' && (
        <StyledNotice role="alert">
          <p>
            The demo&rsquo;s classifier could not be loaded ({state.error}). Check your connection
            and try again.
          </p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </StyledNotice>
      )}
      {state.status === 'ready' && <Workbench classifier={state.classifier} />}
    </StyledDemo>
  );
}
