import { afterEach } from 'vitest';

// A file that runs without a DOM (`// @vitest-environment node`) renders nothing: React's testing
// library, and React DOM with it, are loaded only where there is a document.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // `findBy…` and `waitFor` end as soon as their condition holds; their limit only ends a test that would
  // otherwise wait forever, so it is far above what any wait takes on a loaded machine (decision 045).
  configure({ asyncUtilTimeout: 60_000 });
  afterEach(() => cleanup());
}
