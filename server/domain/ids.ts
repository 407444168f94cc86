/** A UUID in its text form: the ids the database makes for rows. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a request can be a row's id (anything else names no row, and is never queried). */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
