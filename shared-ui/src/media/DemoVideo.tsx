import { useId } from 'react';
import styled from 'styled-components';
import { cssVar } from '../theme/css-var';

/** A landing's demo recording, as the remote's bundler gives its files' URLs. */
export type DemoVideoAsset = {
  /** The WebM recording. */
  src: string;
  /** Its WebVTT captions. */
  captions: string;
  /** A frame shown before it plays. */
  poster: string;
};

type Props = DemoVideoAsset & {
  /** What the recording shows, under it (the figure's caption and accessible name). */
  description: string;
};

const StyledFigure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${cssVar('--space-2')};
  min-width: 0;
  video {
    width: 100%;
    height: auto;
    border: 1px solid ${cssVar('--color-border')};
    border-radius: ${cssVar('--radius-md')};
    background: ${cssVar('--color-surface')};
  }
  figcaption {
    color: ${cssVar('--color-text-muted')};
    font-size: 0.9rem;
  }
`;

/**
 * A demo recording (1280×720, recorded by scripts/lib/screencast.mjs), with its controls and
 * English captions on by default. The files come from the remote's origin, not the page's: a
 * cross-origin captions track loads only over CORS (crossOrigin), which the remote's server
 * answers for the shell. Used by the add-on's and the comment filter's landings.
 *
 * `preload="none"`: nothing of the recording (0.5-0.9 MB) is fetched until it is played, so a
 * phone on a slow connection spends its first second on the page, its poster and its script,
 * not on a video it may never play; the poster (preloaded by the shell's server) shows meanwhile.
 */
export function DemoVideo({ src, captions, poster, description }: Props) {
  const captionId = useId();
  return (
    <StyledFigure aria-labelledby={captionId}>
      <video
        controls
        preload="none"
        poster={poster}
        width={640}
        height={360}
        crossOrigin="anonymous"
      >
        <source src={src} type="video/webm" />
        <track kind="captions" src={captions} srcLang="en" label="English" default />
      </video>
      <figcaption id={captionId}>{description}</figcaption>
    </StyledFigure>
  );
}
