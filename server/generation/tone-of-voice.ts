import { sentencesOf } from './nlp';

/** How a text is written: what the tone of voice is drawn from. */
export interface Register {
  wordsPerSentence: number;
  /** Share of sentences that address the reader ("you", "your"). */
  addressesReader: number;
  /** Share of sentences written as a team ("we", "our", "us"). */
  speaksAsTeam: number;
  /** Share of sentences ending in "!". */
  exclamations: number;
  /** Contractions and casual words against formal ones: above 0 casual, below 0 formal. */
  informality: number;
}

const casualWords =
  /\b(awesome|super|love|hey|cool|easy|simple|friendly|fun|just|stuff|folks|zero|no more)\b/gi;
const formalWords =
  /\b(therefore|moreover|furthermore|leverage|enterprise|solutions?|compliance|organi[sz]ations?|utili[sz]e|ensure|comprehensive|robust|stakeholders?|facilitate|optimi[sz]e)\b/gi;
const contractions = /\b\w+'(?:s|re|ve|ll|d|t|m)\b|\b\w+n't\b/gi;

export function readRegister(text: string): Register {
  const sentences = sentencesOf(text);
  const count = Math.max(sentences.length, 1);
  const words = text.split(/\s+/).filter(Boolean).length;
  const share = (pattern: RegExp) => sentences.filter((sentence) => pattern.test(sentence)).length / count;
  const matches = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  return {
    wordsPerSentence: Math.round((words / count) * 10) / 10,
    addressesReader: share(/\b(you|your|yours)\b/i),
    speaksAsTeam: share(/\b(we|our|us)\b/i),
    exclamations: share(/!\s*$/),
    informality: (matches(contractions) + matches(casualWords) - matches(formalWords)) / count,
  };
}

/**
 * One or two sentences of guidance for replies, drawn from how the product already writes and from the
 * project's goal.
 */
export function toneOfVoice(register: Register, goal: string, productName: string): string {
  const manner =
    register.informality > 0.25
      ? 'warm, conversational'
      : register.informality < -0.1
        ? 'clear, professional'
        : 'plain, helpful';
  const person =
    register.addressesReader >= 0.25
      ? ' that speaks to the reader directly as "you"'
      : register.speaksAsTeam >= 0.25
        ? ' that speaks as the team behind the product ("we")'
        : '';
  const length =
    register.wordsPerSentence < 14
      ? 'short, direct sentences'
      : register.wordsPerSentence < 22
        ? 'sentences of moderate length'
        : 'fuller sentences that explain the why';
  const energy =
    register.exclamations >= 0.1 ? ', with an exclamation mark now and then' : ', without exclamation marks';
  const aim = goal
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '');
  const advice = `answer the person's actual point first, and mention ${productName} only where it genuinely helps.`;
  const guidance = aim
    ? `Keeping the aim in mind (${aim.length > 120 ? `${aim.slice(0, 119)}…` : aim}), ${advice}`
    : `${advice.charAt(0).toUpperCase()}${advice.slice(1)}`;
  return `Write in a ${manner} voice${person}, in ${length}${energy}. ${guidance}`;
}
