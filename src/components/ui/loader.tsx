import LoaderCircle from 'lucide-react/icons/loader-circle';
import type * as React from 'react';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { cn } from '@/lib/cn';
import { type VariantProps, variants } from '@/lib/variants';

const loaderIconVariants = variants('animate-spin', {
  variants: {
    size: { sm: 'size-4', md: 'size-6' },
    tone: { dark: 'text-foreground', light: 'text-white' },
  },
  defaultVariants: { size: 'sm', tone: 'dark' },
});

type LoaderProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof loaderIconVariants> & {
    /** Read by screen readers in place of the spinner. */
    label?: string;
    /**
     * Hide the loader from assistive technology, for a loader inside a control that already says it is
     * busy (Button sets aria-busy).
     */
    decorative?: boolean;
  };

/** A spinning indicator; by default a polite live region that reads its label. */
export function Loader({
  size,
  tone,
  label = 'Loading',
  decorative = false,
  className,
  ...props
}: LoaderProps) {
  return (
    <span
      data-slot="loader"
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative ? true : undefined}
      className={cn('inline-flex shrink-0 items-center justify-center', className)}
      {...props}
    >
      <LoaderCircle aria-hidden="true" className={loaderIconVariants({ size, tone })} />
      {decorative ? null : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}

/**
 * A Loader centred in the space a page would take (or a section, with `fills="section"`), so the layout
 * does not jump when the content arrives.
 */
export function PageLoader({
  label = 'Loading',
  fills = 'page',
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'children'> & { label?: string; fills?: 'page' | 'section' }) {
  return (
    <div
      data-slot="page-loader"
      className={cn(
        'flex w-full flex-1 items-center justify-center p-6',
        fills === 'page' ? 'min-h-[50dvh]' : 'min-h-40',
        className,
      )}
      {...props}
    >
      <Loader size="md" label={label} />
    </div>
  );
}
