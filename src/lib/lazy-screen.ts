import { type ComponentType, createElement, type ReactNode } from 'react';

/** A screen whose code loads on demand; `load()` starts loading it (or answers at once when it has). */
export interface LazyScreen<P extends object> {
  (props: P): ReactNode;
  load(): Promise<void>;
}

/** A promise that says, once settled, how it settled, so a render can read it without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** What each screen does to forget a load that failed, so that the next render loads it again. */
const failedLoadsForgotten = new Set<() => void>();

/**
 * Forgets every screen load that failed (a dropped connection), so that rendering those screens again
 * asks for their code again: what 'Try again' does (`src/app/screen-boundary.tsx`). Until then a failed
 * load stays failed, so that a render does not ask the network again and again on its own.
 */
export function retryFailedScreenLoads(): void {
  for (const forget of failedLoadsForgotten) forget();
}

/**
 * A screen loaded on demand, like `React.lazy`, that renders at once once its module has loaded. With
 * `React.lazy` a screen always suspends on its first render, so the page shows a spinner it then holds
 * for React's 300 ms fallback throttle even when the code is already there; a screen loaded before the
 * first render (the page's first screen, see `src/main.tsx`) shows straight away instead.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: TrackedPromise<ComponentType<P>> | null = null;
  failedLoadsForgotten.add(() => {
    if (loading?.status === 'rejected') loading = null;
  });
  const start = (): TrackedPromise<ComponentType<P>> => {
    if (loading) return loading;
    const promise: TrackedPromise<ComponentType<P>> = load();
    promise.then(
      (value) => {
        Object.assign(promise, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        Object.assign(promise, { status: 'rejected', reason });
      },
    );
    loading = promise;
    return promise;
  };

  function Screen(props: P): ReactNode {
    const promise = start();
    if (promise.status === 'fulfilled' && promise.value) return createElement(promise.value, props);
    if (promise.status === 'rejected') throw promise.reason;
    // Suspends to the nearest Suspense boundary until the module has loaded, as React.lazy does.
    throw promise;
  }
  Screen.load = () => start().then(() => undefined);
  return Screen;
}
