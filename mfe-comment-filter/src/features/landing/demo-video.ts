// The landing's demo video, recorded from the live demo on this page by
// `npm run record:comment-filter-demo` (scripts/record-comment-filter-demo.mjs): the sample thread
// highlighted, the strictness changed, positive first, comments of one's own pasted; its captions
// are timed by the recording's steps. (jest maps .webm, .webp and .vtt imports to its asset stub.)
import type { DemoVideoAsset } from 'shared-ui/landing';
import poster from '../../assets/comment-filter-demo-poster.webp';
import captions from '../../assets/comment-filter-demo.vtt?url&no-inline';
import src from '../../assets/comment-filter-demo.webm';

export const demoVideo: DemoVideoAsset | null = { src, captions, poster };
