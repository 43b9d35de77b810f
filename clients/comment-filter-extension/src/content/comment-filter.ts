// The content script's engine. A MutationObserver only notes which comments appeared or had their
// text changed (the platform adds comments as the reader scrolls, fills them in after adding them,
// and reuses a comment's element for another comment); the reading happens later, in idle slices
// (schedule.ts). Each comment's score is kept with the text it was computed from, so a comment is
// classified once: a strictness change, a re-added element or the extension's own badge re-labels
// it from the kept score, and only new text is classified again.
import { labelFor } from 'sentiment-classifier';
import type { Settings } from '../common/settings';
import { commentOf, commentText, findComments } from './find-comments';
import { applyLabel, clearLabels, isOwnNode } from './highlight';
import type { IdleDeadlineLike, Scheduler } from './schedule';

export type CommentFilterOptions = {
  root: Document | Element;
  settings: Settings;
  /** The classifier's score (-1..1) for a comment's text. */
  score: (text: string) => number;
  schedule: Scheduler;
};

/** Below this much idle time left, a slice stops and the rest waits for the next one. */
const MIN_SLICE_MS = 1;

type Scored = { text: string; score: number };

export class CommentFilter {
  private readonly root: Document | Element;
  private readonly score: (text: string) => number;
  private readonly schedule: Scheduler;
  private settings: Settings;
  private readonly pending = new Set<Element>();
  private readonly scores = new WeakMap<Element, Scored>();
  private observer: MutationObserver | null = null;
  private scheduled = false;

  constructor(options: CommentFilterOptions) {
    this.root = options.root;
    this.score = options.score;
    this.schedule = options.schedule;
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

  /** How many comments wait to be read (for tests and debugging). */
  get queued(): number {
    return this.pending.size;
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
    if (this.pending.size > 0 && !this.scheduled) {
      this.scheduled = true;
      this.schedule((deadline) => this.readSlice(deadline));
    }
  }

  // One idle slice: at least one comment, then as many as the idle time allows.
  private readSlice(deadline: IdleDeadlineLike): void {
    this.scheduled = false;
    if (!this.observer) return;
    let first = true;
    for (const comment of this.pending) {
      if (!first && deadline.timeRemaining() < MIN_SLICE_MS) break;
      first = false;
      this.pending.delete(comment);
      if (comment.isConnected) this.read(comment);
    }
    // The records of this slice's own badges: nothing for the callback to look at.
    this.observer.takeRecords();
    this.enqueue([]);
  }

  private read(comment: Element): void {
    const text = commentText(comment);
    // Not filled in yet: the mutation that brings its text queues it again.
    if (text === null) return;
    let scored = this.scores.get(comment);
    if (scored?.text !== text) {
      scored = { text, score: this.score(text) };
      this.scores.set(comment, scored);
    }
    applyLabel(comment, labelFor(scored.score, this.settings.strictness));
  }
}
