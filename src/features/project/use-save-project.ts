import type { Project } from '@contract/entities';
import { useCallback, useState } from 'react';
import { useProjects } from '@/lib/use-projects';
import { saveProject } from './api/project-calls';
import type { ProjectFormValues } from './form-values';

/**
 * Saves the project (verify the first time, PUT later) and puts the returned project in the projects
 * cache, so every reader (title, current project) sees it at once. `saving` is set during the save and
 * cleared when it ends (on success, and on failure so the form can be corrected and sent again).
 */
export function useSaveProject() {
  const { mutate } = useProjects();
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (project: Project, values: ProjectFormValues): Promise<Project> => {
      setSaving(true);
      try {
        const saved = await saveProject(project, values);
        await mutate((list) => (list ?? [saved]).map((item) => (item.id === saved.id ? saved : item)), {
          revalidate: false,
        });
        return saved;
      } finally {
        setSaving(false);
      }
    },
    [mutate],
  );

  return { save, saving };
}
