import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names. A component's `className` adds to its own classes and never fights them: a change
 * of a component's own look is a variant (decision 018). Development builds and tests check that rule
 * with tailwind-merge and report a class that a later one overrides; the app's builds ship without it.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  if (import.meta.env.DEV) reportConflicts(joined);
  return joined;
}

function reportConflicts(joined: string): void {
  const kept = new Set(twMerge(joined).split(' '));
  const overridden = [...new Set(joined.split(' '))].filter((name) => name !== '' && !kept.has(name));
  if (overridden.length === 0) return;
  const message = `cn: ${overridden.join(' ')} would be overridden by a later class in "${joined}"; make it a variant`;
  // Tests fail on it; the development server says it in the console.
  if (import.meta.env.MODE === 'test') throw new Error(message);
  console.error(message);
}
