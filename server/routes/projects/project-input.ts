import type { ProjectForm } from '@contract/forms';
import { keywordFilterProblem } from '@contract/keyword-filter';
import { fieldMessages } from '@contract/messages';
import { z } from 'zod';
import type { StoredKeyword } from '../../db/schema';
import { DomainError } from '../../domain/errors';

const webUrl = z.url({ protocol: /^https?$/ });

/** A product link as stored: trimmed, null when empty; anything but an http(s) URL is refused. */
export function storedUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (!webUrl.safeParse(trimmed).success)
    throw new DomainError('invalid', 'bad_request', fieldMessages.invalidUrl, { field: 'url' });
  return trimmed;
}

/**
 * Keywords as stored: names trimmed and unique regardless of case (the first spelling kept), an empty
 * filter stored as null, and at most `limit` of them.
 */
export function storedKeywords(keywords: ProjectForm['keywords'], limit: number): StoredKeyword[] {
  const seen = new Set<string>();
  const stored: StoredKeyword[] = [];
  for (const [index, keyword] of keywords.entries()) {
    const name = keyword.name.trim();
    if (name === '')
      throw new DomainError('invalid', 'bad_request', fieldMessages.required, {
        field: `keywords.${index}.name`,
      });
    const key = name.toLocaleLowerCase('en');
    if (seen.has(key)) continue;
    seen.add(key);
    stored.push({ name, filter: keyword.filter?.trim() || null });
  }
  if (stored.length > limit)
    throw new DomainError('invalid', 'bad_request', fieldMessages.tooManyKeywords(limit), {
      field: 'keywords',
    });
  return stored;
}

/**
 * Every keyword's filter readable in the filter language, or a refusal naming the first that is not
 * (`keywords.<n>.filter`). The app's 'Manage keyword filter' dialog refuses a bad filter on Update; one
 * that came another way (a generated keyword, a call of the API) is refused here.
 */
export function checkKeywordFilters(keywords: ProjectForm['keywords']): void {
  for (const [index, keyword] of keywords.entries()) {
    const problem = keywordFilterProblem(keyword.filter);
    if (problem)
      throw new DomainError(
        'invalid',
        'bad_request',
        `Filter of "${keyword.name.trim()}": ${problem.message}`,
        { field: `keywords.${index}.filter` },
      );
  }
}

/** The columns a project form saves, checked against the workspace's keyword limit. */
export function projectValues(form: ProjectForm, keywordsLimit: number) {
  checkKeywordFilters(form.keywords);
  const url = storedUrl(form.url);
  return {
    name: form.name.trim(),
    url,
    noWebsite: url === null,
    description: form.description.trim(),
    goal: form.goal.trim(),
    tov: form.tov.trim(),
    keywords: storedKeywords(form.keywords, keywordsLimit),
  };
}
