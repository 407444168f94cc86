// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@/components/ui/button';
import { variants } from './variants';

const look = variants('base', {
  variants: {
    tone: { calm: 'text-calm', loud: 'text-loud' },
    size: { sm: 'h-8', md: 'h-10' },
    wide: { true: 'w-full', false: '' },
  },
  compoundVariants: [
    { tone: 'loud', size: 'md', class: 'font-bold' },
    { tone: ['calm', 'loud'], size: 'sm', class: 'px-2' },
  ],
  defaultVariants: { tone: 'calm', size: 'md' },
});

describe('variants', () => {
  it('gives the defaults, the chosen values, the pairs that match and the added classes', () => {
    expect(look()).toBe('base text-calm h-10');
    expect(look({ tone: 'loud' })).toBe('base text-loud h-10 font-bold');
    expect(look({ size: 'sm', wide: true, className: 'mt-2' })).toBe('base text-calm h-8 w-full px-2 mt-2');
    expect(look({ tone: undefined, size: 'sm' })).toBe('base text-calm h-8 px-2');
  });

  it('leaves out a variant set to null, and the pairs that name it', () => {
    expect(look({ tone: null, size: 'md' })).toBe('base h-10');
  });

  it('draws the button as before: a primary button of medium size by default, a link without a box', () => {
    expect(buttonVariants()).toContain('bg-primary text-primary-foreground hover:bg-primary-hover');
    expect(buttonVariants()).toContain('h-10 px-4');
    const link = buttonVariants({ shape: 'link', variant: 'secondary' });
    expect(link).toContain('text-foreground hover:text-muted-foreground');
    expect(link).not.toContain('h-10');
  });
});
