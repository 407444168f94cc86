/** One choice of the country select: the code the server knows, and what a person reads. */
export interface CountryOption {
  code: string;
  /** The English name, from the platform's region names (`Intl.DisplayNames`). */
  name: string;
  /** The flag emoji: the code's two letters as regional-indicator symbols. */
  flag: string;
}

/** Regional indicator symbol letter A; 'F' 'R' become 🇫 🇷, which fonts draw together as the flag. */
const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag of a two-letter region code ('fr' or 'FR' → 🇫🇷); empty for anything else. */
export function flagOf(code: string): string {
  const letters = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(
    ...[...letters].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

/**
 * The countries the server offers, each with its English name and flag, sorted by name. A code the
 * platform has no name for is listed under the code itself rather than dropped.
 */
export function countryOptions(codes: readonly string[]): CountryOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const nameOf = (code: string) => {
    try {
      return names.of(code.toUpperCase()) ?? code.toUpperCase();
    } catch {
      // `of` throws on a code that is not a well-formed region code.
      return code.toUpperCase();
    }
  };
  const collator = new Intl.Collator('en');
  return [...new Set(codes)]
    .map((code) => ({ code, name: nameOf(code), flag: flagOf(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
