import { useEffect, useId, useRef, useState } from 'react';
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
  video,
  .poster {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    border: 1px solid ${cssVar('--color-border')};
    border-radius: ${cssVar('--radius-md')};
    background: ${cssVar('--color-surface')};
  }
  .poster {
    position: relative;
    padding: 0;
    overflow: hidden;
    cursor: pointer;
    img {
      display: block;
      width: 100%;
      height: 100%;
    }
    /* The play mark: a dark disc with a white triangle, as video players draw it. */
    .play {
      position: absolute;
      inset: 50% auto auto 50%;
      width: 72px;
      height: 72px;
      transform: translate(-50%, -50%);
      border-radius: 50%;
      background: rgb(0 0 0 / 0.65);
    }
    .play::after {
      content: '';
      position: absolute;
      inset: 50% auto auto 54%;
      transform: translate(-50%, -50%);
      border-style: solid;
      border-width: 14px 0 14px 24px;
      border-color: transparent transparent transparent #fff;
    }
    &:hover .play,
    &:focus-visible .play {
      background: rgb(0 0 0 / 0.85);
    }
  }
  figcaption {
    color: ${cssVar('--color-text-muted')};
    font-size: 0.9rem;
  }
`;

/**
 * A demo recording (1280×720, recorded by scripts/lib/screencast.mjs), shown first as its poster,
 * a plain image in a 'Play the demo video' button, and played with its controls and English
 * captions on by default once that is pressed. Nothing of the recording (0.5-0.9 MB) is fetched
 * before then, so a phone on a slow connection spends its first second on the page, not on a
 * video it may never play; and the poster, an image fetched at high priority, paints with the
 * page (a video's poster painted frames later, after the app's scripts had started: Lighthouse's
 * largest paint of the page, 2.5 s on slow 4G). The files come from the remote's origin, not the
 * page's: a cross-origin captions track loads only over CORS (crossOrigin), which the remote's
 * server answers for the shell. Used by the add-on's and the comment filter's landings.
 */
export function DemoVideo({ src, captions, poster, description }: Props) {
  const captionId = useId();
  const [playing, setPlaying] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    // Keyboard users land on the player's controls; the press was the gesture that lets it play.
    if (playing) video.current?.focus();
  }, [playing]);
  return (
    <StyledFigure aria-labelledby={captionId}>
      {playing ? (
        <video
          ref={video}
          // In the tab order as a player with controls is; said outright so focus() lands on it.
          tabIndex={0}
          controls
          autoPlay
          preload="auto"
          poster={poster}
          width={640}
          height={360}
          crossOrigin="anonymous"
        >
          <source src={src} type="video/webm" />
          <track kind="captions" src={captions} srcLang="en" label="English" default />
        </video>
      ) : (
        <button
          type="button"
          className="poster"
          aria-label="Play the demo video"
          onClick={() => setPlaying(true)}
        >
          <img src={poster} alt="" width={640} height={360} fetchPriority="high" />
          <span className="play" aria-hidden="true" />
        </button>
      )}
      <figcaption id={captionId}>{description}</figcaption>
    </StyledFigure>
  );
}
