let asked = false;

/**
 * Asks the browser once per page load to keep this site's storage under pressure (the outbox lives there).
 * Call after the person's first edit; resolves whether the storage is persistent. A no-op without the API.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  if (await storage.persisted()) return true;
  if (asked) return false;
  asked = true;
  return storage.persist();
}
