import { cva } from 'class-variance-authority';
import * as ToggleGroupPrimitive from 'radix-ui/toggle-group';
import type * as React from 'react';
import { cn } from '@/lib/cn';

const itemVariants = cva(
  [
    'inline-flex flex-1 cursor-pointer items-center justify-center rounded-md px-3 font-medium whitespace-nowrap',
    'text-muted-foreground transition-colors hover:text-foreground',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
    'data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm',
    'disabled:cursor-not-allowed disabled:opacity-60',
  ],
  {
    variants: { size: { md: 'h-8 text-sm', lg: 'h-10 text-base' } },
    defaultVariants: { size: 'md' },
  },
);

type SegmentedControlProps<T extends string> = {
  value: T;
  onValueChange: (value: T) => void;
  options: { value: T; label: React.ReactNode; disabled?: boolean }[];
  size?: 'md' | 'lg';
  'aria-label': string;
  disabled?: boolean;
  className?: string;
};

/** Picks exactly one of a few options; choosing the active option again keeps it selected. */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  size = 'md',
  'aria-label': ariaLabel,
  disabled,
  className,
}: SegmentedControlProps<T>) {
  return (
    <ToggleGroupPrimitive.Root
      type="single"
      data-slot="segmented-control"
      data-size={size}
      aria-label={ariaLabel}
      value={value}
      disabled={disabled}
      // Radix reports '' when the active item is pressed again; a segmented control never goes empty.
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option && option.value !== value) onValueChange(option.value);
      }}
      className={cn('inline-flex items-center gap-1 rounded-lg bg-muted p-1', className)}
    >
      {options.map((option) => (
        <ToggleGroupPrimitive.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          data-slot="segmented-control-item"
          className={itemVariants({ size })}
        >
          {option.label}
        </ToggleGroupPrimitive.Item>
      ))}
    </ToggleGroupPrimitive.Root>
  );
}
