// The clients of the platform: one vocabulary for every place that says which client a request,
// a message or a job came from. Narrower lists (the surfaces that send messages) are subsets of it.

/** The three clients of the platform, as the code names them (the wire keeps the spec's words). */
export const CLIENT_SOURCES = ['text-ocr', 'sheets-addon', 'comment-filter'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];
