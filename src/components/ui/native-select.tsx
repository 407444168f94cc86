import ChevronDown from 'lucide-react/icons/chevron-down';
import type * as React from 'react';
import { controlClassName } from '@/components/ui/input';
import { useAdoptingRef } from '@/first-screen/use-adopting-ref';
import { cn } from '@/lib/cn';

/**
 * A browser `<select>` with the text controls' border, height, padding and focus ring, and a chevron. The
 * list is the browser's own (the system picker on phones), so there is no script to load or run for it.
 * `className` goes to the select (give it the width); name it with `aria-label` or a Label's `htmlFor`.
 */
export function NativeSelect({ className, ref, ...props }: React.ComponentProps<'select'>) {
  return (
    <div data-slot="native-select-wrapper" className="relative w-fit max-w-full">
      <select
        data-slot="native-select"
        ref={useAdoptingRef(ref)}
        className={cn(controlClassName, 'peer h-10 cursor-pointer appearance-none py-2 pr-9', className)}
        {...props}
      />
      {/* Drawn over the select, so clicks on it must reach the select beneath. */}
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-70 select-none peer-disabled:opacity-40"
      />
    </div>
  );
}

/** One choice of a NativeSelect. */
export function NativeSelectOption(props: React.ComponentProps<'option'>) {
  return <option data-slot="native-select-option" {...props} />;
}
