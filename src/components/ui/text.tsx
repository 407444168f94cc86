import * as React from 'react';
import { cn } from '@/lib/cn';
import { type VariantProps, variants } from '@/lib/variants';

// Tailwind's own size names (text-base, text-2xl) so tailwind-merge knows they are sizes, not colours.
const textVariants = variants('', {
  variants: {
    size: {
      xs: 'text-xs',
      sm: 'text-sm',
      md: 'text-base',
      lg: 'text-lg',
      xl: 'text-xl',
      xxl: 'text-2xl',
    },
    tone: { default: 'text-foreground', muted: 'text-muted-foreground' },
  },
  defaultVariants: { size: 'md', tone: 'default' },
});

type TextProps = React.HTMLAttributes<HTMLElement> &
  VariantProps<typeof textVariants> & {
    as?: 'p' | 'span' | 'div';
    ref?: React.Ref<HTMLElement>;
  };

/** Body text on the xs..xxl scale; `muted` for secondary information. */
export function Text({ as: Comp = 'p', size, tone, className, ...props }: TextProps) {
  // createElement because JSX cannot check one `ref` against a union of element types.
  return React.createElement(Comp, {
    'data-slot': 'text',
    className: cn(textVariants({ size, tone }), className),
    ...props,
  });
}
