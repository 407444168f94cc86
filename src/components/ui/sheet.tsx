import * as SheetPrimitive from 'radix-ui/dialog';
import type * as React from 'react';
import { CornerCloseButton, DialogOverlay } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { variants } from '@/lib/variants';

/** Root of a side drawer (a Radix Dialog): `open`, `onOpenChange`. */
export function Sheet(props: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: React.ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: React.ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

const sheetVariants = variants(
  [
    'fixed inset-y-0 z-50 flex h-full w-[280px] max-w-[85vw] flex-col gap-4 overflow-y-auto bg-background',
    'p-4 text-foreground shadow-lg focus:outline-none',
  ],
  {
    variants: {
      side: {
        left: 'left-0 border-r border-border data-[state=open]:animate-slide-in-left',
        right: 'right-0 border-l border-border data-[state=open]:animate-slide-in-right',
      },
    },
    defaultVariants: { side: 'left' },
  },
);

/**
 * The drawer panel: 280 px wide (at most 85% of the viewport), from the left by default, with a close
 * button labelled "Close" (`showCloseButton`). Give it a SheetTitle (it may be visually hidden).
 */
export function SheetContent({
  className,
  children,
  side = 'left',
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & {
  side?: 'left' | 'right';
  showCloseButton?: boolean;
}) {
  return (
    <SheetPrimitive.Portal>
      <DialogOverlay data-slot="sheet-overlay" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        {showCloseButton ? <CornerCloseButton /> : null}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn('text-base font-semibold text-foreground', className)}
      {...props}
    />
  );
}

export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
