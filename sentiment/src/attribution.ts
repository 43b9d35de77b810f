/**
 * The notice a page or extension that ships this classifier shows (the landing's demo, the
 * extension's about box). wink-eng-lite-web-model's sentiment lexicon scores 3,328 of AFINN-165's
 * 3,352 single words, 2,557 of them at exactly AFINN's value divided by five, so it is treated
 * as a derivative of AFINN (ODbL 1.0); its emoji scores follow Emoji Sentiment Ranking 1.0.
 * See sentiment/README.md and sentiment/NOTICE.md.
 */
export const SENTIMENT_ATTRIBUTION = [
  'Comment sentiment by wink-nlp and wink-eng-lite-web-model, © GRAYPE Systems Private Limited, MIT License.',
  "The model's word list derives from AFINN-165 by Finn Årup Nielsen (https://github.com/fnielsen/afinn), made available under the Open Database License 1.0 (https://opendatacommons.org/licenses/odbl/1-0/).",
  'Emoji scores derive from Emoji Sentiment Ranking 1.0 by P. Kralj Novak, J. Smailović, B. Sluban and I. Mozetič (http://hdl.handle.net/11356/1048), CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).',
].join(' ');

export type AttributionEntry = {
  work: string;
  by: string;
  licence: string;
  licenceUrl: string;
  sourceUrl: string;
};

/** The same notice as structured entries, for a page that lays it out as a list. */
export const SENTIMENT_ATTRIBUTIONS: readonly AttributionEntry[] = [
  {
    work: 'wink-nlp 2.4.0 and wink-eng-lite-web-model 1.8.1',
    by: 'GRAYPE Systems Private Limited',
    licence: 'MIT License',
    licenceUrl: 'https://opensource.org/license/mit',
    sourceUrl: 'https://github.com/winkjs/wink-nlp',
  },
  {
    work: 'AFINN-165 (word list, as adapted in the wink model)',
    by: 'Finn Årup Nielsen',
    licence: 'Open Database License 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    sourceUrl: 'https://github.com/fnielsen/afinn',
  },
  {
    work: 'Emoji Sentiment Ranking 1.0 (as adapted in the wink model)',
    by: 'P. Kralj Novak, J. Smailović, B. Sluban, I. Mozetič',
    licence: 'CC BY-SA 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    sourceUrl: 'http://hdl.handle.net/11356/1048',
  },
];
