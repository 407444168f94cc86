import model from 'wink-eng-lite-web-model';
import winkNLP, {
  type ItemCustomEntity,
  type ItemSentence,
  type ItemToken,
  type ItsFunction,
  type WinkMethods,
} from 'wink-nlp';

let loaded: WinkMethods | null = null;

/** The English pipeline (wink-nlp with its shipped lite model), loaded once, with noun phrases taught. */
export function nlp(): WinkMethods {
  if (loaded) return loaded;
  const instance = winkNLP(model);
  instance.learnCustomEntities([
    {
      name: 'phrase',
      patterns: [
        '[ADJ|NOUN|PROPN] [NOUN|PROPN] [NOUN]',
        '[ADJ|NOUN|PROPN] [NOUN]',
        '[NOUN|PROPN] [NOUN|PROPN]',
        '[NOUN]',
      ],
    },
  ]);
  loaded = instance;
  return instance;
}

/** Splits text into sentences the way the pipeline reads them. */
export function sentencesOf(text: string): string[] {
  if (!text.trim()) return [];
  return nlp()
    .readDoc(text)
    .sentences()
    .out()
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A word as the pipeline reads it. */
export interface WordToken {
  text: string;
  normal: string;
  stem: string;
  /** The dictionary form ("chases" → "chase", "invoices" → "invoice"). */
  lemma: string;
  pos: string;
  stop: boolean;
}

// wink-nlp's typings give `its.stem`, `its.pos`… a signature `out()` does not accept, though they work.
const feature = (its: unknown) => its as ItsFunction<unknown>;

function wordOf(token: ItemToken): WordToken {
  const its = nlp().its;
  return {
    text: token.out(),
    normal: String(token.out(feature(its.normal))),
    stem: String(token.out(feature(its.stem))),
    lemma: String(token.out(feature(its.lemma))).toLowerCase(),
    pos: String(token.out(feature(its.pos))),
    stop: token.out(feature(its.stopWordFlag)) === true,
  };
}

/** Whether a word is out of the English lexicon: one coined for a product ("Tripnote", "Paydo"). */
export function isCoined(word: string): boolean {
  return nlp().readDoc('').isOOV(word.toLowerCase());
}

/** The words of a text. */
export function wordsOf(text: string): WordToken[] {
  const words: WordToken[] = [];
  nlp()
    .readDoc(text)
    .tokens()
    .each((token: ItemToken) => {
      words.push(wordOf(token));
    });
  return words;
}

/** The noun phrases of a text ("payment reminders", "client portal"), each as its words. */
export function nounPhrasesOf(text: string): WordToken[][] {
  const phrases: WordToken[][] = [];
  nlp()
    .readDoc(text)
    .customEntities()
    .each((entity: ItemCustomEntity) => {
      const words: WordToken[] = [];
      entity.tokens().each((token: ItemToken) => {
        words.push(wordOf(token));
      });
      phrases.push(words);
    });
  return phrases;
}

/** The words of a text, sentence by sentence. */
export function sentenceWordsOf(text: string): WordToken[][] {
  const sentences: WordToken[][] = [];
  if (!text.trim()) return sentences;
  nlp()
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      const words: WordToken[] = [];
      sentence.tokens().each((token: ItemToken) => {
        words.push(wordOf(token));
      });
      sentences.push(words);
    });
  return sentences;
}
