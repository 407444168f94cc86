import * as ToggleGroupPrimitive from 'radix-ui/toggle-group';
import type * as React from 'react';
import { cn } from '@/lib/cn';
import { segmentTrackClass, segmentVariants } from './segment-styles';

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
      className={cn(segmentTrackClass, className)}
    >
      {options.map((option) => (
        <ToggleGroupPrimitive.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          data-slot="segmented-control-item"
          className={segmentVariants({ size })}
        >
          {option.label}
        </ToggleGroupPrimitive.Item>
      ))}
    </ToggleGroupPrimitive.Root>
  );
}
