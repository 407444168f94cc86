/**
 * True when the database refused a write for a duplicate of a unique key (SQLSTATE 23505), however
 * deeply the driver or the ORM wrapped its error (`cause` after `cause`).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
