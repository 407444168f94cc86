import type { Project } from '@contract/entities';
import { fieldMessages } from '@contract/messages';
import { apiClient } from '@/lib/api-client';
import type { ProjectFormValues } from '../form-values';

/**
 * A new description from the product page. Needs the url: without one it fails with 'Url should be
 * passed' before asking the server (which says the same).
 */
export async function regenerateDescription(values: ProjectFormValues): Promise<string> {
  if (values.url.trim() === '') throw new Error(fieldMessages.urlShouldBePassed);
  const { description } = await apiClient.call('regenerateDescription', { body: values });
  return description;
}

/** A new tone of voice; an error in the response is thrown with its message. */
export async function regenerateTov(values: ProjectFormValues): Promise<string> {
  const { tov } = await apiClient.call('regenerateTov', { body: values });
  return tov;
}

/** Saves the form: the first save reviews the project (verify), later ones update it (PUT). */
export function saveProject(project: Project, values: ProjectFormValues): Promise<Project> {
  const body = { ...values, id: project.id };
  return project.reviewed
    ? apiClient.call('updateProject', { params: { id: project.id }, body })
    : apiClient.call('verifyProject', { body });
}

/** The slug of the first social, where mentions start; null when there is none (or it cannot be read). */
export async function firstSocialSlug(): Promise<string | null> {
  try {
    const socials = await apiClient.call('listSocials');
    return socials[0]?.slug ?? null;
  } catch {
    return null;
  }
}
