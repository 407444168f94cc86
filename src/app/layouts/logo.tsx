import { cn } from '@/lib/cn';

const sizes = { sm: 'size-7', md: 'size-8', lg: 'size-10' } as const;

/** The product's mark. Decorative by default: put it beside the product name, or give it `alt`. */
export function Logo({
  className,
  alt = '',
  size = 'md',
}: {
  className?: string;
  alt?: string;
  size?: keyof typeof sizes;
}) {
  return (
    <img
      src="/icons/logo.svg"
      alt={alt}
      width={32}
      height={32}
      className={cn(sizes[size], 'shrink-0', className)}
    />
  );
}
