import { z } from 'zod';

/**
 * The pieces every module's configuration is written with (decision 069). A variable set to the empty
 * string counts as unset, so `NAME=` in a file of variables leaves the default in place.
 */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** `schema` applied to a variable, an empty one read as unset. */
export const variable = <T extends z.ZodType>(schema: T) => z.preprocess(unsetWhenEmpty, schema);

/** Free text, unset by default. */
export const optionalText = () => variable(z.string().optional());

/** Free text with a default. */
export const text = (fallback: string) => variable(z.string().default(fallback));

/** A whole number of at least `min`. */
export const int = (fallback: number, min = 0) =>
  variable(z.coerce.number().int().min(min).default(fallback));

/** An amount of money, not negative. */
export const amount = (fallback: number) => variable(z.coerce.number().nonnegative().default(fallback));

/** An http(s) address. */
export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** `on` or `off`. */
export const onOff = () => z.enum(['on', 'off']);

/** A comma-separated variable as its trimmed, non-empty items. */
export const commaList = () =>
  variable(
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
  );

/**
 * A variable read by a parser of its module, which returns the value or why the text is wrong (the
 * message the refusal gives after the variable's name).
 */
export const parsed = <T extends object>(fallback: string, parse: (text: string) => T | string) =>
  variable(z.string().default(fallback)).transform((value, ctx) => {
    const result = parse(value);
    if (typeof result !== 'string') return result;
    ctx.addIssue({ code: 'custom', message: result });
    return z.NEVER;
  });
