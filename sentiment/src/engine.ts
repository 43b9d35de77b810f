// wink-nlp with its English model, instantiated once on first use. The model's sentiment step is
// wrapped so each reading also returns the lexicon matches (token span and valence) that wink
// averages into its own score: the classifier weighs them itself.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export type LexiconMatch = { start: number; end: number; value: number };

export type Reading = {
  normals: string[];
  types: string[];
  pos: string[];
  /** False for words outside the model's vocabulary (foreign words, typos, new slang). */
  known: boolean[];
  /** wink's own negation scope (from a negation to the end of the clause). */
  negated: boolean[];
  sentences: [number, number][];
  matches: LexiconMatch[];
};

type SaSetter = (px: [number, number, number | string][], ...rest: unknown[]) => void;
type SaModel = { machines: unknown[]; setter: SaSetter };

type Engine = { read: (text: string) => Reading };

let engine: Engine | undefined;

function createEngine(): Engine {
  let captured: LexiconMatch[] = [];
  const loadSa = model.sa as () => SaModel;
  const capturingModel: typeof model = {
    ...model,
    sa: (): SaModel => {
      const sa = loadSa();
      return {
        machines: sa.machines,
        setter: (px, ...rest) => {
          // wink's setter divides the values in place; copy them first.
          captured = px.map(([start, end, value]) => ({ start, end, value: Number(value) / 1000 }));
          sa.setter(px, ...rest);
        },
      };
    },
  };
  const nlp = winkNLP(capturingModel, ['sbd', 'negation', 'sentiment', 'pos']);
  // wink's `its` helpers are plain functions (typed as methods) that its API takes as arguments.
  /* eslint-disable @typescript-eslint/unbound-method */
  const its = nlp.its;
  // Words are added to the vocabulary as they are first read, with ids after the model's own:
  // the id a nonsense word gets now is where the model's vocabulary ends.
  const firstUnknownId = nlp.readDoc('qxzjvq').tokens().out(its.uniqueId)[0] as number;

  return {
    read(text) {
      captured = [];
      const doc = nlp.readDoc(text);
      const tokens = doc.tokens();
      const ids = tokens.out(its.uniqueId) as number[];
      return {
        normals: tokens.out(its.normal),
        types: tokens.out(its.type),
        pos: tokens.out(its.pos) as string[],
        known: ids.map((id) => id < firstUnknownId),
        negated: tokens.out(its.negationFlag) as boolean[],
        sentences: doc.sentences().out(its.span) as [number, number][],
        matches: captured,
      };
    },
  };
  /* eslint-enable @typescript-eslint/unbound-method */
}

/** Reads a text with wink; the model is built on the first call (0.1-0.7 s here), then reused. */
export function readText(text: string): Reading {
  engine ??= createEngine();
  return engine.read(text);
}
