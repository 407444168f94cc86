import { cn } from '@/lib/cn';

/** The product's mark. Decorative by default: put it beside the product name, or give it `alt`. */
export function Logo({ className, alt = '' }: { className?: string; alt?: string }) {
  return (
    <img
      src="/icons/logo.svg"
      alt={alt}
      width={32}
      height={32}
      className={cn('size-8 shrink-0', className)}
    />
  );
}
