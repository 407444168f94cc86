/** The words the writer reads in a prompt and a tone of voice (`style-words.json`), parsed once. */
import { z } from 'zod';
import data from './style-words.json';

const words = z.array(z.string().min(1));

const styleWordsSchema = z.object({
  about: z.string(),
  prompt: z.object({
    shorter: words,
    formal: words,
    casual: words,
    /** A register word after one of these asks for the other register ("less formal"). */
    opposites: words,
    styleFillers: words,
    mentionLeads: words,
    clauseJoins: words,
  }),
  voice: z.object({
    formal: words,
    team: words,
    teamQuoted: words,
    exclaim: words,
    link: words,
    noLink: words,
  }),
});

export const styleWords = styleWordsSchema.parse(data);
