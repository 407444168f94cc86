import * as React from 'react';
import { controlClassName } from '@/components/ui/input';
import { adoptField } from '@/first-screen/page-take-over';
import { cn } from '@/lib/cn';

type TextareaProps = React.ComponentProps<'textarea'> & {
  /** Let the height follow the content instead of scrolling. */
  autoGrow?: boolean;
};

const supportsFieldSizing = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Sets the height to fit the content, for browsers without `field-sizing: content`. */
function fitToContent(element: HTMLTextAreaElement) {
  element.style.height = 'auto';
  const borders = element.offsetHeight - element.clientHeight;
  element.style.height = `${element.scrollHeight + borders}px`;
}

/** A styled multi-line input; with `autoGrow` it grows with its text. */
export function Textarea({ className, autoGrow = false, onInput, ref, value, ...props }: TextareaProps) {
  const innerRef = React.useRef<HTMLTextAreaElement | null>(null);
  const useFallback = autoGrow && !supportsFieldSizing();

  const setRef = React.useCallback(
    (node: HTMLTextAreaElement | null) => {
      innerRef.current = node;
      // On a page the server drew, what was typed before the app ran is kept.
      adoptField(node);
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );

  // Also refit when the value changes from outside (a rewrite, a restored draft), not only on typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` is the trigger, not an input.
  React.useLayoutEffect(() => {
    if (useFallback && innerRef.current) fitToContent(innerRef.current);
  }, [useFallback, value]);

  return (
    <textarea
      data-slot="textarea"
      ref={setRef}
      value={value}
      className={cn(
        controlClassName,
        'min-h-20 w-full py-2 leading-normal',
        autoGrow && 'field-sizing-content resize-none overflow-hidden',
        className,
      )}
      onInput={(event) => {
        if (useFallback) fitToContent(event.currentTarget);
        onInput?.(event);
      }}
      {...props}
    />
  );
}
