// The landing's demo video, recorded from the product itself (issue 22). Until the recording is
// made this is null and the landing shows no video slot. The recording script fills it with the
// assets it writes next to the captions, for example:
//   import src from '../../assets/addon-demo.webm';
//   import captions from '../../assets/addon-demo.vtt?url';
//   import poster from '../../assets/addon-demo-poster.png';
//   export const demoVideo: DemoVideoAsset | null = { src, captions, poster };
// (jest maps .webm and .vtt imports to its asset stub, as it does images.)

export type DemoVideoAsset = {
  /** The WebM recording. */
  src: string;
  /** Its WebVTT captions (src/assets/addon-demo.vtt). */
  captions: string;
  /** A frame shown before it plays. */
  poster: string;
};

export const demoVideo: DemoVideoAsset | null = null;
