import type { Post } from '@contract/entities';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DomainError } from '../../domain/errors';
import type { PostMutation } from './apply-once';
import { preparePostWrite } from './post-write';

export interface AnswerEdit {
  answer: string;
  /** The version the edit began from; without it the last write wins. */
  baseVersion: number | undefined;
}

const answer = sql`${sql.placeholder('answer')}::text`;
const baseVersion = sql`${sql.placeholder('baseVersion')}::int`;

/**
 * Stores an edit of a post's answer at most once per mutation id, in one statement: a stored result is
 * answered as it is; an edit based on an older version than the stored one is refused with the stored
 * post, so the person can choose which text to keep; a published answer, or one Autopilot is sending,
 * stays as it is.
 */
export function answerEditor(db: Database) {
  const write = preparePostWrite(db, {
    name: 'edit_answer',
    outcome: (post) => sql`case
      when t.answer = ${answer} then 'unchanged'
      when t.published then 'published'
      when ${post.beingPublished} then 'being_published'
      when ${baseVersion} is not null and ${baseVersion} <> t.answer_version then 'conflict'
      else 'updated' end`,
    changes: { answer, answer_version: sql`t.answer_version + 1` },
    refusals: ['published', 'being_published', 'conflict'] as const,
  });
  return async (mutation: PostMutation, edit: AnswerEdit): Promise<Post> => {
    const { outcome, post } = await write(mutation, {
      answer: edit.answer,
      baseVersion: edit.baseVersion ?? null,
    });
    switch (outcome) {
      case 'published':
        throw new DomainError(
          'conflict',
          'conflict',
          'This post is already published: its answer cannot change',
        );
      case 'being_published':
        throw new DomainError(
          'conflict',
          'conflict',
          'This reply is being published right now, so it cannot be edited: try again in a few minutes.',
        );
      case 'conflict':
        throw new DomainError(
          'conflict',
          'conflict',
          'This answer was changed elsewhere since your edit began: choose which text to keep',
          { field: 'baseVersion', data: post },
        );
      default:
        return post;
    }
  };
}
