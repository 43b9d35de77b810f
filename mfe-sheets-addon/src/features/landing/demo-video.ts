// The landing's demo video, recorded from the product itself (issue 22) by
// `npm run record:addon-demo` (scripts/record-addon-demo.mjs): the web converter reading a PDF's
// table, the grid edited and downloaded as CSV; its captions are timed by the recording's steps.
// (jest maps .webm, .webp and .vtt imports to its asset stub, as it does images.)
import captions from '../../assets/addon-demo.vtt?url&no-inline';
import poster from '../../assets/addon-demo-poster.webp';
import src from '../../assets/addon-demo.webm';
import type { DemoVideoAsset } from 'shared-ui/landing';

export const demoVideo: DemoVideoAsset | null = { src, captions, poster };
