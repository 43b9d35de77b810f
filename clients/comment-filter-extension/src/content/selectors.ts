// The video platform's comment markup, in one place: when its pages change, only this file
// should. A thread (`ytd-comment-thread-renderer`) holds the top comment and its replies; each
// comment is a `ytd-comment-view-model` (older pages: `ytd-comment-renderer`) whose text is in
// `#content-text`, beside a header (`#header-author`) with the author and the time.
export const COMMENT_SELECTOR = 'ytd-comment-view-model, ytd-comment-renderer';
export const THREAD_SELECTOR = 'ytd-comment-thread-renderer';
export const TEXT_SELECTOR = '#content-text';
export const HEADER_SELECTOR = '#header-author';
