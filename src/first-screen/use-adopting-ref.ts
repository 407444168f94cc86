import { type Ref, type RefCallback, useCallback } from 'react';
import { adoptField } from './page-take-over';

/** A ref for a field that adopts what it holds (`adoptField`), passed on to the field's own `ref`. */
export function useAdoptingRef<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  ref: Ref<T> | undefined,
): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      adoptField(node);
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );
}
