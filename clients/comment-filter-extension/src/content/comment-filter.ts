// The content script's engine. A MutationObserver only notes which comments appeared or had their
// text changed (the platform adds comments as the reader scrolls, fills them in after adding them,
// and reuses a comment's element for another comment); the reading happens later, in idle slices
// (schedule.ts), and the texts of a slice go to the classifier as one batch (in the service
// worker: see common/scoring.ts), one batch at a time. Each comment's score is kept with the text
// it was computed from, so a comment is classified once: a strictness change, a re-added element
// or the extension's own badge re-labels it from the kept score; only new text is classified.
import { labelFor } from 'sentiment-classifier';
import { MAX_BATCH } from '../common/scoring';
import type { Settings } from '../common/settings';
import { commentOf, commentText, findComments } from './find-comments';
import { applyLabel, clearLabels, isOwnNode } from './highlight';
import type { IdleDeadlineLike, Scheduler } from './schedule';

export type CommentFilterOptions = {
  root: Document | Element;
  settings: Settings;
  /** The classifier's scores (-1..1) for comments' texts, in their order. */
  score: (texts: string[]) => Promise<number[]>;
  schedule: Scheduler;
  /**
   * Whether the page is one the filter works on now: the script stays in the page when the
   * platform's app moves on from a watch page (to a channel's posts, which have comments too).
   */
  isActive?: () => boolean;
};

/** Below this much idle time left, a slice stops and the rest waits for the next one. */
const MIN_SLICE_MS = 1;
/** Batches failing in a row before the filter gives up on this page. */
export const MAX_FAILURES = 3;

type Scored = { text: string; score: number };
type Unscored = { comment: Element; text: string };

export class CommentFilter {
  private readonly root: Document | Element;
  private readonly score: (texts: string[]) => Promise<number[]>;
  private readonly schedule: Scheduler;
  private readonly isActive: () => boolean;
  private settings: Settings;
  private readonly pending = new Set<Element>();
  private readonly scores = new WeakMap<Element, Scored>();
  private observer: MutationObserver | null = null;
  private scheduled = false;
  private scoring = false;
  private failures = 0;

  constructor(options: CommentFilterOptions) {
    this.root = options.root;
    this.score = options.score;
    this.schedule = options.schedule;
    this.isActive = options.isActive ?? (() => true);
    this.settings = options.settings;
  }

  /** Reads the comments already there and watches for more, if the filter is on. */
  start(): void {
    if (!this.settings.enabled || this.observer) return;
    const view = (this.root instanceof Document ? this.root : this.root.ownerDocument).defaultView;
    if (!view) return;
    this.observer = new view.MutationObserver((records) => this.noteMutations(records));
    this.observer.observe(this.root, { childList: true, subtree: true, characterData: true });
    this.enqueue(findComments(this.root));
  }

  /** Stops watching and takes the highlights off; the kept scores stay for a restart. */
  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.pending.clear();
    clearLabels(this.root);
  }

  /** New settings from storage: on, off, or every comment re-labelled at the new strictness. */
  update(settings: Settings): void {
    const previous = this.settings;
    this.settings = settings;
    if (!settings.enabled) {
      this.stop();
      return;
    }
    if (!previous.enabled || !this.observer) {
      this.start();
      return;
    }
    if (previous.strictness !== settings.strictness) this.enqueue(findComments(this.root));
  }

  // The observer's callback: no reading here, only noting what to read.
  private noteMutations(records: MutationRecord[]): void {
    const found: Element[] = [];
    for (const record of records) {
      if (isOwnNode(record.target)) continue;
      if (record.type === 'childList') {
        const added = [...record.addedNodes].filter((node) => !isOwnNode(node));
        const removed = [...record.removedNodes].filter((node) => !isOwnNode(node));
        // Only a badge of ours came or went.
        if (added.length === 0 && removed.length === 0) continue;
        for (const node of added) found.push(...findComments(node));
      }
      // Text filled in or changed inside a comment: that comment is read again.
      const owner = commentOf(record.target);
      if (owner) found.push(owner);
    }
    this.enqueue(found);
  }

  private enqueue(comments: Element[]): void {
    for (const comment of comments) this.pending.add(comment);
    // While a batch is being classified, the next slice waits for its scores: a comment queued
    // again meanwhile then finds its score kept.
    if (this.pending.size > 0 && !this.scheduled && !this.scoring) {
      this.scheduled = true;
      this.schedule((deadline) => this.readSlice(deadline));
    }
  }

  // One idle slice: at least one comment, then as many as the idle time allows. Comments with a
  // kept score are labelled at once; the others are sent to the classifier together.
  private readSlice(deadline: IdleDeadlineLike): void {
    this.scheduled = false;
    if (!this.observer) return;
    // Off a watch page nothing is read; back on one, the comments it renders are queued anew.
    if (!this.isActive()) {
      this.pending.clear();
      return;
    }
    const unscored: Unscored[] = [];
    let first = true;
    for (const comment of this.pending) {
      if (!first && (deadline.timeRemaining() < MIN_SLICE_MS || unscored.length >= MAX_BATCH)) {
        break;
      }
      first = false;
      this.pending.delete(comment);
      const text = comment.isConnected ? commentText(comment) : null;
      // Not filled in yet: the mutation that brings its text queues it again.
      if (text === null) continue;
      const scored = this.scores.get(comment);
      if (scored?.text === text) this.label(comment, scored.score);
      else unscored.push({ comment, text });
    }
    // The records of this slice's own badges: nothing for the callback to look at.
    this.observer.takeRecords();
    if (unscored.length === 0) {
      this.enqueue([]);
      return;
    }
    this.scoring = true;
    this.score(unscored.map((item) => item.text)).then(
      (scores) => {
        this.failures = 0;
        this.keepScores(unscored, scores);
        this.scoring = false;
        this.enqueue([]);
      },
      (error: unknown) => {
        this.scoring = false;
        this.batchFailed(unscored, error);
      },
    );
  }

  // The worker did not answer (it restarted, or the extension was updated and this page's script
  // is orphaned). The comments wait for the next change on the page rather than retrying at
  // once; after MAX_FAILURES failures in a row the filter stops watching, its marks left as they
  // are.
  private batchFailed(unscored: Unscored[], error: unknown): void {
    this.failures += 1;
    if (this.failures >= MAX_FAILURES) {
      console.error('Comment Filter stopped: reload the page to start it again', error);
      this.observer?.disconnect();
      this.observer = null;
      this.pending.clear();
      return;
    }
    console.warn('Comment Filter could not classify comments', error);
    for (const { comment } of unscored) this.pending.add(comment);
  }

  private keepScores(unscored: Unscored[], scores: number[]): void {
    unscored.forEach(({ comment, text }, i) => {
      const score = scores[i];
      if (score === undefined) return;
      this.scores.set(comment, { text, score });
      // Labelled unless the filter stopped or the comment changed while it was classified (then
      // it is queued again and read with its new text).
      if (this.observer && comment.isConnected && commentText(comment) === text) {
        this.label(comment, score);
      }
    });
    this.observer?.takeRecords();
  }

  private label(comment: Element, score: number): void {
    applyLabel(comment, labelFor(score, this.settings.strictness));
  }
}
