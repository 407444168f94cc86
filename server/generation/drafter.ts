import type { ProjectForm } from '@contract/forms';
import type { GeneratedProject } from '@contract/generation';

export type { GeneratedProject };

/** What onboarding gives: a goal and either a product link or a written description. */
export interface ProjectBrief {
  goal: string;
  url: string | null;
  description: string | null;
}

/** A project as a drafter reads it: the fields of the project form (`url` '' when there is none). */
export type ProjectContext = ProjectForm;

/**
 * Writes what ReplyRadar proposes: a new project's name, description, tone of voice and keywords, and
 * fresh versions of a project's tone of voice and description. Two implementations, chosen by
 * configuration: the built-in one (no model) and the model one (an OpenAI-compatible endpoint).
 * Replies to posts (`draftReply(post, project, prompt?)`) join this interface with discovery.
 */
export interface Drafter {
  readonly kind: 'builtin' | 'model';
  /** Reads the product page (or the description) and proposes the whole project. */
  generateProject(brief: ProjectBrief): Promise<GeneratedProject>;
  /** A tone of voice for the project as the form has it now. */
  regenerateTov(project: ProjectContext): Promise<string>;
  /** A description read again from the project's page; `project.url` is not empty. */
  regenerateDescription(project: ProjectContext): Promise<string>;
}
