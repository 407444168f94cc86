import type * as React from 'react';
import { cn } from '@/lib/cn';
import { variants } from '@/lib/variants';

const titleVariants = variants('font-semibold text-foreground text-balance', {
  variants: {
    level: {
      1: 'text-2xl tracking-tight',
      2: 'text-xl tracking-tight',
      3: 'text-lg',
      4: 'text-base',
    },
  },
});

type Level = 1 | 2 | 3 | 4;
const headings = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4' } as const satisfies Record<Level, string>;

type TitleProps = React.ComponentProps<'h1'> & {
  level: Level;
  /**
   * The heading element when it must differ from the look, so headings keep a descending order
   * (a level-3 look inside a page whose last heading is an h1 can be `as="h2"`).
   */
  as?: (typeof headings)[Level];
};

/** A heading: level 1 renders an h1 in the largest size, down to level 4 (h4). */
export function Title({ level, as, className, ...props }: TitleProps) {
  const Comp = as ?? headings[level];
  return <Comp data-slot="title" className={cn(titleVariants({ level }), className)} {...props} />;
}
