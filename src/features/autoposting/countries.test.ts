// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countryOptions, flagOf } from './countries';

describe('countryOptions', () => {
  it('names each country in English with its flag, sorted alphabetically', () => {
    expect(countryOptions(['US', 'DE', 'FR', 'GB', 'AE']).map(({ flag, name }) => `${flag} ${name}`)).toEqual(
      ['🇫🇷 France', '🇩🇪 Germany', '🇦🇪 United Arab Emirates', '🇬🇧 United Kingdom', '🇺🇸 United States'],
    );
  });

  it('sorts by name, not by code', () => {
    // DE (Germany) comes after FR (France) once named.
    expect(countryOptions(['DE', 'FR', 'AT']).map((country) => country.name)).toEqual([
      'Austria',
      'France',
      'Germany',
    ]);
  });

  it('keeps the code the server sent, once per country', () => {
    expect(countryOptions(['fr', 'fr']).map((country) => country.code)).toEqual(['fr']);
  });

  it('lists a code the platform cannot name under the code itself', () => {
    expect(countryOptions(['A1', 'FR']).map((country) => country.name)).toEqual(['A1', 'France']);
  });
});

describe('flagOf', () => {
  it('builds the flag from the regional-indicator letters of the code', () => {
    expect(flagOf('FR')).toBe('🇫🇷');
    expect(flagOf('jp')).toBe('🇯🇵');
    expect(flagOf('FRA')).toBe('');
  });
});
