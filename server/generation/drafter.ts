import type { ProjectForm } from '@contract/forms';
import type { GeneratedProject } from '@contract/generation';
import type { ReplyMemory } from '../engine/drafting/reply-memory';

export type { GeneratedProject };

/** A generated project and the keywords proposed for it: 8 to 12, best first, `keywords` among them. */
export interface DraftedProject extends GeneratedProject {
  proposals: { name: string; filter: string | null }[];
}

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
 */
export interface Drafter {
  readonly kind: 'builtin' | 'model';
  /** Reads the product page (or the description) and proposes the whole project. */
  generateProject(brief: ProjectBrief): Promise<DraftedProject>;
  /** A tone of voice for the project as the form has it now. */
  regenerateTov(project: ProjectContext): Promise<string>;
  /** A description read again from the project's page; `project.url` is not empty. */
  regenerateDescription(project: ProjectContext): Promise<string>;
  /** A reply to a found post in the project's tone of voice, steered by the person's prompt ('' for none). */
  draftReply(request: ReplyRequest): Promise<string>;
}

/** A found post as a reply is drafted for it. */
export interface ReplyPost {
  author: string;
  keyword: string;
  title: string | null;
  content: string;
  /** The network's slug ('reddit', 'x', 'bluesky'…), when known: some limit a reply's length in characters. */
  network?: string;
  /** The post's own link, when known. */
  url?: string;
}

/** What a reply needs to know about the project: who is answering, and how. */
export interface ReplyProject {
  name: string;
  url: string | null;
  description: string;
  goal: string;
  tov: string;
}

export interface ReplyRequest {
  post: ReplyPost;
  project: ReplyProject;
  /** The person's steer ("shorter", "more formal", something to mention); '' when there is none. */
  prompt: string;
  /** What the other replies of the same batch (a day's drafts) have said, so this one says it differently. */
  batch?: ReplyMemory;
}
