import { z } from 'zod/mini';
import { fieldMessages } from './messages';

/** The first and last days a date in the API may name (PostgreSQL refuses year 0; the product began later). */
export const calendarDateRange = { first: '2000-01-01', last: '9999-12-31' } as const;

/**
 * A real calendar date written `YYYY-MM-DD` (no 30 February) from 2000 to 9999: a found date in a query.
 * Dates in this form compare as strings.
 */
export const calendarDate = () =>
  z.iso
    .date(fieldMessages.invalidDate)
    .check(z.refine((date) => date >= calendarDateRange.first, fieldMessages.invalidDate));
