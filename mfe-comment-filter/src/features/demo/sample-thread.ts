// The live demo's sample thread: comments written for this page (sample-thread.json), under a
// made-up video, so the demo shows the classifier on a thread like those the extension reads.
import thread from './sample-thread.json';

export type DemoComment = { id: string; author: string; text: string };

export type SampleThread = {
  video: { title: string; channel: string };
  comments: readonly DemoComment[];
};

export const SAMPLE_THREAD: SampleThread = thread;
