/**
 * @jest-environment jsdom
 */
import { commentOf, commentText, findComments } from '../src/content/find-comments';
import { loadWatchPage } from './support';

beforeEach(loadWatchPage);

describe('finding comments in the watch page markup', () => {
  it('finds every comment, replies included, in page order', () => {
    const texts = findComments(document).map(commentText);
    expect(texts).toEqual([
      'This tutorial is amazing, thank you so much!',
      'Thanks for uploading.',
      'This was a waste of time, the audio is terrible.',
      'What microphone do you use?',
      'Came here from the newsletter 🔥🔥',
      'lol',
      'Not bad at all',
    ]);
  });

  it("reads a thread's top comment without its replies' text", () => {
    const thread = document.querySelector('ytd-comment-thread-renderer');
    const [top, reply] = thread ? findComments(thread) : [];
    expect(top && commentText(top)).toBe('This tutorial is amazing, thank you so much!');
    expect(reply && commentText(reply)).toBe('Thanks for uploading.');
  });

  it('reads the emoji the platform draws as images from their alt text', () => {
    const emoji = findComments(document).find((c) => c.querySelector('img.emoji'));
    expect(emoji && commentText(emoji)).toMatch(/🔥🔥$/);
  });

  it('finds the comment an added node is in (the reply, not its thread)', () => {
    const replyText = document.querySelectorAll('#content-text')[1]?.firstChild;
    expect(replyText && commentOf(replyText)?.className).toContain('ytd-comment-replies-renderer');
    expect(commentOf(document.body)).toBeNull();
  });

  it('gives no text for a comment the platform has not filled in yet', () => {
    const empty = document.createElement('ytd-comment-view-model');
    document.body.append(empty);
    expect(commentText(empty)).toBeNull();
  });

  it('finds a comment that is itself the added node, and nothing in a text node', () => {
    const comment = document.querySelector('ytd-comment-view-model');
    expect(comment && findComments(comment)[0]).toBe(comment);
    expect(findComments(document.createTextNode('x'))).toEqual([]);
  });
});
