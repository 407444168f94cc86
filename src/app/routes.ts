/**
 * The app's route map. It lives in the contract (`contract/app-routes.ts`) because the server reads it
 * too: it sends a page's first answers for the screen a path shows (decision 017).
 */
export * from '@contract/app-routes';
