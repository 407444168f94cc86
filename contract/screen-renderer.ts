import type { FirstAnswers } from './first-answers';

/**
 * The app's first screen as HTML, for the server to put in the page it sends (decision 020). The build
 * writes it as `dist/render/render-screen.js` (from `src/app/render-screen.tsx`); the server loads that
 * file when it starts, so neither side imports the other's code.
 *
 * `url` is the path and query the page was asked at; `firstAnswers` are the answers the page carries. The
 * answer is the HTML of the app's root element, or null when there is nothing to render from them.
 */
export type RenderScreen = (url: string, firstAnswers: FirstAnswers) => Promise<string | null>;

/** The file of the build that exports `renderScreen`, in the render folder. */
export const screenRendererFile = 'render-screen.js';

export { screenScriptsElementId } from './page-elements';
