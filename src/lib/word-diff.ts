/** A run of a text: words (with the spaces after them) that the other text has too, or does not. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/** Past this many word pairs the texts are shown without highlighting, rather than compared slowly. */
const maxComparedPairs = 4_000_000;

/** The words of `text`, each with the white space that follows it, so that joining them gives `text`. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function runs(tokens: readonly string[], changed: readonly boolean[]): DiffPart[] {
  const parts: DiffPart[] = [];
  tokens.forEach((token, index) => {
    const isChanged = changed[index] === true;
    const last = parts.at(-1);
    if (last && last.changed === isChanged) last.text += token;
    else parts.push({ text: token, changed: isChanged });
  });
  return parts;
}

/**
 * Which words of two versions of a text differ: each text as runs of words the other has too (in the
 * same order: their longest common subsequence of words) and words it does not. Words are compared
 * without the white space around them.
 */
export function wordDiff(mine: string, theirs: string): { mine: DiffPart[]; theirs: DiffPart[] } {
  const a = words(mine);
  const b = words(theirs);
  const aChanged = a.map(() => true);
  const bChanged = b.map(() => true);
  if (a.length * b.length > maxComparedPairs) return { mine: runs(a, aChanged), theirs: runs(b, bChanged) };
  // Words are compared without the white space after them; each is trimmed once.
  const aKeys = a.map((token) => token.trim());
  const bKeys = b.map((token) => token.trim());
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], one row at a time.
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    const row = lengths[i] as Uint32Array;
    const below = lengths[i + 1] as Uint32Array;
    for (let j = b.length - 1; j >= 0; j -= 1) {
      row[j] =
        aKeys[i] === bKeys[j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (aKeys[i] === bKeys[j]) {
      aChanged[i] = false;
      bChanged[j] = false;
      i += 1;
      j += 1;
    } else if (
      ((lengths[i + 1] as Uint32Array)[j] as number) >= ((lengths[i] as Uint32Array)[j + 1] as number)
    ) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return { mine: runs(a, aChanged), theirs: runs(b, bChanged) };
}
