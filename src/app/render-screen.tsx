// The server's entry into the app (decision 020): the first screen of a page, rendered to HTML from the
// same first answers the page carries, so that it shows before the app's scripts have loaded, and the
// app's first render in the browser (`src/main.tsx`) matches it and takes it over.
import type { FirstAnswers } from '@contract/first-answers';
import type { RenderScreen } from '@contract/screen-renderer';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pageStartFrom } from '@/first-screen/first-answers';
import { App, loadFirstScreen } from './app';

/**
 * The HTML of the first screen at `url` (a path and query) for the person the answers are of, or null when
 * the answers do not say who is signed in (the app then finds out itself, and draws the screen then).
 */
export const renderScreen: RenderScreen = async (url: string, firstAnswers: FirstAnswers) => {
  // The server does not know what the browser kept; the browser renders itself when that outweighs the page.
  const start = pageStartFrom(firstAnswers, false);
  if (start.session === undefined) return null;
  const at = new URL(start.location ?? url, 'http://localhost');
  await loadFirstScreen(at.pathname, start.session !== null);
  return renderToString(
    <StrictMode>
      <App
        pageSession={start.session}
        pageData={start.data}
        serverLocation={{ path: at.pathname, search: at.search }}
      />
    </StrictMode>,
  );
};
