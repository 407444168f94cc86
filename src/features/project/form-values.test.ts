// @vitest-environment node
import { projectFixture } from '@tests/support/api-fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findKeywordByName, formFieldOf, keywordsForNames, projectToFormValues } from './form-values';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('project form values', () => {
  it('treats a missing url and a missing keyword filter as empty', () => {
    const values = projectToFormValues(
      projectFixture({ url: null, keywords: [{ name: 'crm', filter: null }, { name: 'leads' }] }),
    );
    expect(values.url).toBe('');
    expect(values.keywords).toEqual([
      { name: 'crm', filter: '' },
      { name: 'leads', filter: '' },
    ]);
  });

  it('keeps the filters of known keywords when the tags change, and gives new ones none', () => {
    expect(keywordsForNames(['leads', 'new'], [{ name: 'leads', filter: 'B2B' }])).toEqual([
      { name: 'leads', filter: 'B2B' },
      { name: 'new', filter: '' },
    ]);
  });

  it("logs 'Can not find keyword by name' when the keyword is not in the list", () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(findKeywordByName([{ name: 'crm', filter: '' }], 'crm')).toEqual({ name: 'crm', filter: '' });
    expect(consoleError).not.toHaveBeenCalled();
    expect(findKeywordByName([{ name: 'crm', filter: '' }], 'gone')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Can not find keyword by name');
  });

  it('reads the form field an API error names', () => {
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('body.keywords.0.name')).toBe('keywords');
    expect(formFieldOf('header.project-id')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});
