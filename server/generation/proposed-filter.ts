/** Posts that use a keyword but are never someone with the need: job ads and offers. */
const usualNoise = ['-hiring', '-"job offer"'];

/**
 * Other senses of a keyword's words, each excluded unless the product's own text speaks of it: "late
 * payments" on a credit card, an `INVOICE` table in SQL, a background check, a programming language.
 */
const otherSenses: Array<{ when: RegExp; exclude: string[] }> = [
  {
    when: /\b(invoic\w*|payments?|pay|paid|paying|bills?|billing|debts?|overdue|unpaid)\b/,
    exclude: ['"credit card"', 'loan', 'mortgage', 'sql'],
  },
  { when: /\b(backgrounds?)\b/, exclude: ['"background check"'] },
  {
    when: /\b(languages?|spanish|french|german|italian|japanese|korean|chinese|vocabulary|grammar|fluen\w*|speaking)\b/,
    exclude: ['"programming language"'],
  },
  { when: /\b(taxes|tax)\b/, exclude: ['"tax evasion"'] },
  { when: /\b(queries|query)\b/, exclude: ['"search query"'] },
];

const wordsIn = (term: string) => term.replace(/"/g, '').toLowerCase();
const says = (text: string, words: string) =>
  new RegExp(`\\b${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text);

/**
 * The filter proposed with a generated keyword, in the filter language (`contract/keyword-filter.ts`):
 * exclusions only, so every post the keyword finds is kept unless it is noise: job ads, and the
 * keyword's words in another sense than the product's (`productText` decides: a product that speaks
 * of SQL keeps SQL posts).
 */
export function proposedFilter(keyword: string, productText: string): string {
  const phrase = keyword.toLowerCase();
  const product = productText.toLowerCase();
  const exclusions = [...usualNoise];
  for (const sense of otherSenses) {
    if (!sense.when.test(phrase)) continue;
    for (const term of sense.exclude) {
      const words = wordsIn(term);
      if (!says(product, words) && !says(phrase, words) && !exclusions.includes(`-${term}`))
        exclusions.push(`-${term}`);
    }
  }
  return exclusions.join(' ');
}
