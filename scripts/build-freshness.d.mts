/** `missing` when a built file is absent, `stale` when a source changed after the build, else `fresh`. */
export function buildState(root: string): 'missing' | 'stale' | 'fresh';
