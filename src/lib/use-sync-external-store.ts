// What SWR and wouter import as `use-sync-external-store/shim` (the build points it here): React 18 and
// later have the hook itself, so the shim's fallback for older Reacts would only add to every screen's
// scripts (about 0.6 KB gzipped, with the CommonJS wrapper it needs).
export { useSyncExternalStore } from 'react';
