/**
 * Codes ISO 3166-1 reserves without assigning them to a country, which the platform still names:
 * exceptional reservations (Ascension, Clipperton, Sark, Diego Garcia, Ceuta & Melilla, the Canary
 * Islands, Tristan da Cunha) and the groupings (European Union, Eurozone, United Nations).
 */
const reservedNotCountries = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA', 'EU', 'EZ', 'UN']);

/** ISO 3166-1's user-assigned ranges: AA, QM–QZ, XA–XZ, ZZ (CLDR's Outlying Oceania QO, pseudo-locales XA/XB…). */
function userAssigned(code: string): boolean {
  return code === 'AA' || code === 'ZZ' || code[0] === 'X' || (code[0] === 'Q' && code >= 'QM');
}

let cached: readonly string[] | null = null;

/**
 * Every ISO 3166-1 alpha-2 country code the platform knows, sorted: the region codes `Intl.DisplayNames`
 * names, less the deprecated ones (a code whose canonical form is another, `UK` → `GB`), the
 * user-assigned ranges and the reserved non-countries. Derived, not written out, so it follows the
 * platform's ICU data.
 */
export function isoCountryCodes(): readonly string[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (!names.of(code) || userAssigned(code) || reservedNotCountries.has(code)) continue;
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      codes.push(code);
    }
  }
  cached = codes;
  return codes;
}
