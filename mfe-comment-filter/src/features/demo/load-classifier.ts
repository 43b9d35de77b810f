// The classifier (sentiment-classifier: wink-nlp and its English model, about 1 MB gzipped) is
// imported here only, dynamically: the bundler gives it its own chunk, fetched when the demo
// comes near the viewport on /yt-comment-filter, so no other page (and no visitor who does not
// scroll to it) downloads it.
export type Classifier = typeof import('sentiment-classifier');

/** Fetches the classifier and builds its model (its first classification), off the first paint. */
export async function loadClassifier(): Promise<Classifier> {
  const classifier = await import('sentiment-classifier');
  classifier.classify('Thanks, this was great.');
  return classifier;
}
