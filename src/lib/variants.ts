import { type ClassValue, clsx } from 'clsx';

/**
 * A component's classes by its variants (the size, the tone…), with classes for pairs of variants and
 * defaults: what the app used `class-variance-authority` for, in the few lines it needs, since every
 * screen loads it (decision 043 counts what it saves).
 */

type Variants = Record<string, Record<string, ClassValue>>;
/** A variant's value: one of its keys ('true' and 'false' keys are chosen with a boolean). */
type Value<K> = K extends 'true' | 'false' ? boolean : K;
type Choice<V extends Variants> = { [K in keyof V]?: Value<keyof V[K]> | null | undefined };

interface Config<V extends Variants> {
  variants: V;
  /** Classes for a combination of variant values (a value may be a list of them). */
  compoundVariants?: ({ [K in keyof V]?: Value<keyof V[K]> | Value<keyof V[K]>[] } & { class: ClassValue })[];
  defaultVariants?: Choice<V>;
}

type Props<V extends Variants> = Choice<V> & { class?: ClassValue; className?: ClassValue };

/** The variant props a `variants(…)` function takes, for a component's props. */
export type VariantProps<F> = F extends (props?: infer P) => string ? Omit<P, 'class' | 'className'> : never;

export function variants<V extends Variants>(base: ClassValue, config: Config<V>) {
  return (props: Props<V> = {}): string => {
    const chosen: Record<string, unknown> = { ...config.defaultVariants };
    for (const [key, value] of Object.entries(props)) if (value !== undefined) chosen[key] = value;
    // A variant set to null has no class of its own.
    const own = Object.keys(config.variants).map((key) =>
      chosen[key] === null ? null : config.variants[key]?.[String(chosen[key])],
    );
    const pairs = (config.compoundVariants ?? [])
      .filter(({ class: _, ...when }) =>
        Object.entries(when).every(([key, value]) =>
          Array.isArray(value) ? value.includes(chosen[key]) : chosen[key] === value,
        ),
      )
      .map((pair) => pair.class);
    return clsx(base, own, pairs, props.class, props.className);
  };
}
