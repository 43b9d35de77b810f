import { tokens } from 'shared-ui';
import styled from 'styled-components';
import type { DemoVideoAsset } from './demo-video';

const StyledFigure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[2]};
  min-width: 0;
  video {
    width: 100%;
    height: auto;
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.md};
    background: ${tokens.color.surface};
  }
  figcaption {
    color: ${tokens.color.textMuted};
    font-size: 0.9rem;
  }
`;

/**
 * The demo recording (1280×720), with its controls and English captions on by default. The files
 * come from the remote's origin, not the page's: a cross-origin captions track loads only over
 * CORS (crossOrigin), which the remote's server answers for the shell.
 */
export function DemoVideo({ src, captions, poster }: DemoVideoAsset) {
  return (
    <StyledFigure aria-labelledby="demo-video-caption">
      <video
        controls
        preload="metadata"
        poster={poster}
        width={640}
        height={360}
        crossOrigin="anonymous"
      >
        <source src={src} type="video/webm" />
        <track kind="captions" src={captions} srcLang="en" label="English" default />
      </video>
      <figcaption id="demo-video-caption">
        Demo: a PDF&rsquo;s table read into an editable grid and downloaded as CSV, with the
        converter on this page.
      </figcaption>
    </StyledFigure>
  );
}
