import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

/**
 * What lucide's icon modules call to make their component (the build points their
 * `../createLucideIcon.mjs` here, vite.config.ts): the same `<svg>`, drawn in a few lines instead of
 * lucide's general builder (its context, its attribute renaming, its class merging), which every screen
 * loaded. `lucide-icon.test.tsx` checks the markup is lucide's own for every icon the app uses.
 */

interface IconData {
  name: string;
  size?: number;
  node: [string, Record<string, string>][];
  aliases?: string[];
}

type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/** An icon that names itself (a label, a role, a title) is not hidden from assistive technology. */
function isLabelled(props: Record<string, unknown>): boolean {
  return Object.keys(props).some(
    (key) => (key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null,
  );
}

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const own = ['lucide', ...[icon.name, ...(icon.aliases ?? [])].map((name) => `lucide-${name}`)];
  return forwardRef<SVGSVGElement, IconProps>(
    (
      {
        className,
        size = 24,
        color = 'currentColor',
        strokeWidth = 2,
        absoluteStrokeWidth,
        children,
        ...rest
      },
      ref,
    ) =>
      createElement(
        'svg',
        {
          ref,
          xmlns: 'http://www.w3.org/2000/svg',
          width: size,
          height: size,
          viewBox: `0 0 ${box} ${box}`,
          fill: 'none',
          stroke: color,
          strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size) : strokeWidth,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          className: [...new Set([...own, ...(className ?? '').split(/\s+/)])].filter(Boolean).join(' '),
          ...(children || isLabelled(rest) ? {} : { 'aria-hidden': 'true' }),
          ...rest,
        },
        ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
        children,
      ),
  );
}
