import { tokens } from 'shared-ui';
import styled from 'styled-components';
import demoImageUrl from '../../assets/demo-printed-note.png';

// What this tool returns for the demo image, as `npm run extract` prints it with the default
// (local Tesseract) engine; the browser tests extract the same file and expect this text.
export const DEMO_TEXT = `Notes from the library visit

The reading room opens at nine and closes at five. Old maps and
letters may be photographed without flash. Please ask the desk
before copying any page of the parish registers.`;

const StyledDemo = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[3]};
  min-width: 0;
  img {
    width: 100%;
    max-width: 576px;
    height: auto;
    border-radius: ${tokens.radius.md};
  }
  pre {
    margin: 0;
    padding: ${tokens.space[3]};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: inherit;
    font-size: 0.8rem;
    background: ${tokens.color.surface};
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.md};
  }
  figcaption {
    color: ${tokens.color.textMuted};
    font-size: 0.9rem;
  }
`;

/** The visitor's demo: a photographed printed note and the text the tool reads from it. */
export function DemoImage() {
  return (
    <StyledDemo aria-labelledby="demo-caption">
      <img
        src={demoImageUrl}
        width={576}
        height={188}
        alt="A printed note titled 'Notes from the library visit' on a sheet of paper"
      />
      <figcaption id="demo-caption">The text the tool reads from this photo:</figcaption>
      <pre aria-label="Text read from the demo photo">{DEMO_TEXT}</pre>
    </StyledDemo>
  );
}
