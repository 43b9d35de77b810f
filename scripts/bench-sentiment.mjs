// `npm run bench:sentiment`: the comment filter's classifier (sentiment/) against the labelled
// sentences of the `sentiment` package's test fixtures (Amazon, IMDB and Yelp reviews, each
// sentence labelled positive or negative), beside the off-the-shelf scorers:
//   ours       sentiment-classifier's binary decision at the 'balanced' strictness: positive
//              when classify() says positive; 'neutral' and 'negative' both count as negative,
//              as a comment that is not highlighted does in the product
//   wink raw   wink-nlp with wink-eng-lite-web-model alone: positive when its sentiment > 0
//   sentiment  the `sentiment` package's own AFINN scorer: positive when its score > 0
// Then each of the classifier's steps turned off in turn (what it gains), on the fixtures and on
// the held-out part of the classifier's own labelled comments (sentiment/tuning/comments.json,
// the only set it was tuned on; three classes there: positive, neutral, negative), and the mean
// time per comment. Nothing but this script reads the fixtures. Figures go in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspace = path.join(root, 'sentiment');
const require = createRequire(path.join(workspace, 'package.json'));

const build = spawnSync('npm', ['run', '--silent', 'build', '-w', 'sentiment-classifier'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const started = performance.now();
const ours = await import(pathToFileURL(path.join(workspace, 'dist', 'index.js')).href);
ours.classify('warm up');
const loadMs = performance.now() - started;

const winkNLP = require('wink-nlp');
const winkModel = require('wink-eng-lite-web-model');
const Sentiment = require('sentiment');
const wink = winkNLP(winkModel);
const sentimentPackage = new Sentiment();

const SETS = ['amazon', 'imdb', 'yelp'];
const fixtures = Object.fromEntries(
  SETS.map((name) => [
    name,
    require(`sentiment/test/fixtures/${name}.json`).map((row) => ({
      text: row.text,
      positive: row.class === 1,
    })),
  ]),
);
const own = JSON.parse(readFileSync(path.join(workspace, 'tuning', 'comments.json'), 'utf8'));

const threshold = ours.POSITIVE_THRESHOLDS.balanced;
const winkScore = (text) => wink.readDoc(text).out(wink.its.sentiment);
const binary = {
  ours: (text) => ours.classify(text).positive,
  'wink raw': (text) => winkScore(text) > 0,
  sentiment: (text) => sentimentPackage.analyze(text).score > 0,
};
const three = (score, positiveFrom) =>
  score >= positiveFrom ? 'positive' : score <= -ours.NEGATIVE_THRESHOLD ? 'negative' : 'neutral';
const ternary = {
  ours: (text) => ours.classify(text).label,
  'wink raw': (text) => {
    const score = winkScore(text);
    return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
  },
};

const accuracy = (rows, isRight) => rows.filter(isRight).length / rows.length;
const fixtureAccuracy = (decide, name) =>
  accuracy(fixtures[name], (row) => decide(row.text) === row.positive);
const ownAccuracy = (decide, split) =>
  accuracy(
    own.filter((row) => row.split === split),
    (row) => decide(row.text) === row.label,
  );
const f3 = (value) => value.toFixed(3);
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

console.log(
  `\nsentiment-classifier on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), ` +
    `Node ${process.version}; balanced threshold ${threshold}; model load ${loadMs.toFixed(0)} ms`,
);
console.log('\nLabelled sentences (binary accuracy; ours at the balanced threshold):');
console.log('| scorer | ' + SETS.join(' | ') + ' | mean | own held-out (3 classes) |');
for (const [name, decide] of Object.entries(binary)) {
  const perSet = SETS.map((set) => fixtureAccuracy(decide, set));
  const held = ternary[name] ? f3(ownAccuracy(ternary[name], 'test')) : '-';
  console.log(`| ${name} | ${perSet.map(f3).join(' | ')} | ${f3(mean(perSet))} | ${held} |`);
}

console.log('\nEach step turned off (ours, balanced):');
console.log(
  '| without | ' + SETS.join(' | ') + ' | mean | own tune | own held-out | held-out, strict |',
);
for (const step of [null, ...ours.SCORING_STEPS]) {
  const without = step ? [step] : [];
  const score = (text) => ours.scoreComment(text, { without });
  const perSet = SETS.map((set) => fixtureAccuracy((text) => score(text) >= threshold, set));
  const own3 = (split, from = threshold) => ownAccuracy((text) => three(score(text), from), split);
  console.log(
    `| ${step ?? '(nothing)'} | ${perSet.map(f3).join(' | ')} | ${f3(mean(perSet))} | ` +
      `${f3(own3('tune'))} | ${f3(own3('test'))} | ` +
      `${f3(own3('test', ours.POSITIVE_THRESHOLDS.strict))} |`,
  );
}

console.log('\nOwn comments by strictness (3 classes, tune / held-out):');
for (const strictness of ours.STRICTNESS_LEVELS) {
  const decide = (text) => ours.classify(text, { strictness }).label;
  console.log(
    `  ${strictness}: ${f3(ownAccuracy(decide, 'tune'))} / ${f3(ownAccuracy(decide, 'test'))}`,
  );
}

const texts = [
  ...SETS.flatMap((set) => fixtures[set].map((row) => row.text)),
  ...own.map((r) => r.text),
];
for (const [name, run] of [
  ['ours', (text) => ours.classify(text)],
  ['wink raw', winkScore],
  ['sentiment', (text) => sentimentPackage.analyze(text)],
]) {
  const t0 = performance.now();
  for (let round = 0; round < 3; round += 1) for (const text of texts) run(text);
  const perComment = (performance.now() - t0) / (3 * texts.length);
  console.log(
    `mean time per comment, ${name}: ${perComment.toFixed(3)} ms (${texts.length} texts × 3)`,
  );
}
