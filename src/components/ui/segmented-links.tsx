import type * as React from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { segmentTrackClass, segmentVariants } from './segment-styles';

type SegmentedLinksProps = {
  /** The pages to choose between; `current` marks the one shown. */
  links: { href: string; label: React.ReactNode; current: boolean }[];
  size?: 'md' | 'lg';
  'aria-label': string;
  className?: string;
};

/**
 * A segmented control whose options are pages: a navigation list of links drawn like SegmentedControl,
 * the current page marked with `aria-current="page"`. For choices that are places (a social's mentions),
 * so each option is a link a person can open, copy or go back to.
 */
export function SegmentedLinks({
  links,
  size = 'md',
  'aria-label': ariaLabel,
  className,
}: SegmentedLinksProps) {
  return (
    <nav aria-label={ariaLabel} data-slot="segmented-links" className={cn('max-w-full', className)}>
      <ul className={cn(segmentTrackClass, 'max-w-full overflow-x-auto')}>
        {links.map((link) => (
          <li key={link.href} className="flex">
            <Link
              href={link.href}
              aria-current={link.current ? 'page' : undefined}
              className={segmentVariants({ size })}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
