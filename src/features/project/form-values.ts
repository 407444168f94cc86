import type { Keyword, Project } from '@contract/entities';
import type { projectFormSchema } from '@contract/forms';
import type { z } from 'zod/mini';

/** The project form's values, as the contract's schema reads them. */
export type ProjectFormValues = z.input<ReturnType<typeof projectFormSchema>>;

/** The fields of the project form, in the order the page shows them. */
export const projectFormFields = ['name', 'url', 'goal', 'description', 'tov', 'keywords'] as const;
export type ProjectFormField = (typeof projectFormFields)[number];

/** A project as the form edits it: a missing url and a missing keyword filter are empty text. */
export function projectToFormValues(project: Project): ProjectFormValues {
  return {
    name: project.name,
    url: project.url ?? '',
    goal: project.goal,
    description: project.description,
    tov: project.tov,
    keywords: project.keywords.map((keyword) => ({ name: keyword.name, filter: keyword.filter ?? '' })),
  };
}

/** The keywords for the tag names the tags input holds: known ones keep their filter, new ones have none. */
export function keywordsForNames(names: readonly string[], current: readonly Keyword[]): Keyword[] {
  return names.map((name) => current.find((keyword) => keyword.name === name) ?? { name, filter: '' });
}

export const keywordNotFoundMessage = 'Can not find keyword by name';

/** The keyword called `name`; logs 'Can not find keyword by name' and gives null when there is none. */
export function findKeywordByName(keywords: readonly Keyword[], name: string): Keyword | null {
  const keyword = keywords.find((item) => item.name === name);
  if (!keyword) console.error(keywordNotFoundMessage);
  return keyword ?? null;
}

/** The form field an API error names (`name`, `body.name`, `body.keywords.0.name`), when it is one. */
export function formFieldOf(field: string | undefined): ProjectFormField | null {
  if (!field) return null;
  const first = field.replace(/^body\./, '').split('.')[0];
  return projectFormFields.find((name) => name === first) ?? null;
}
