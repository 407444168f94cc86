import { variants } from '@/lib/variants';

/** The track of a segmented control: its options side by side on a muted background. */
export const segmentTrackClass = 'inline-flex items-center gap-1 rounded-lg bg-muted p-1';

/** One option of a segmented control; the chosen one (`data-state=on`, or the current link) stands out. */
export const segmentVariants = variants(
  [
    'inline-flex flex-1 cursor-pointer items-center justify-center rounded-md px-3 font-medium whitespace-nowrap',
    'text-muted-foreground transition-colors hover:text-foreground',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
    'data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm',
    'aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm',
    'disabled:cursor-not-allowed disabled:opacity-60',
  ],
  {
    variants: { size: { md: 'h-8 text-sm', lg: 'h-10 text-base' } },
    defaultVariants: { size: 'md' },
  },
);
