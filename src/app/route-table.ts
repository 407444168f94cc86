/**
 * The route table (which layout, gates and first screen each route has). It lives in the contract
 * (`contract/route-table.ts`) because the server and the build read it too.
 */
export * from '@contract/route-table';
