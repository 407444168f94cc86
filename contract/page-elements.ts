/**
 * The elements the server puts in a page for the app to read before it starts (decisions 017 and 020).
 * A module of its own, without schemas, so that the page's tiny entry (`src/boot.ts`) can read them
 * without loading zod.
 */

/** The `<script type="application/json">` element holding the first answers (`contract/first-answers.ts`). */
export const firstAnswersElementId = 'first-answers';

/**
 * The `<script type="application/json">` element listing the scripts of a server-drawn page's first
 * screen: the page asks for them once it has painted (`src/boot.ts`), not before.
 */
export const screenScriptsElementId = 'screen-scripts';
