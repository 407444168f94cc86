import * as atSignModule from 'lucide-react/icons/at-sign';
import * as checkModule from 'lucide-react/icons/check';
import * as chevronDownModule from 'lucide-react/icons/chevron-down';
import * as chevronsUpDownModule from 'lucide-react/icons/chevrons-up-down';
import * as externalLinkModule from 'lucide-react/icons/external-link';
import * as folderKanbanModule from 'lucide-react/icons/folder-kanban';
import * as loaderCircleModule from 'lucide-react/icons/loader-circle';
import * as menuModule from 'lucide-react/icons/menu';
import * as messageSquareReplyModule from 'lucide-react/icons/message-square-reply';
import * as slidersHorizontalModule from 'lucide-react/icons/sliders-horizontal';
import * as xModule from 'lucide-react/icons/x';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon from './lucide-icon';

// Tests resolve lucide as it is (the build's redirect is not in the test config): the real icons to compare with.

/** An icon module of lucide: its component, and the data it was made from (not in lucide's types). */
type IconModule = { default: ComponentType<Record<string, unknown>> };
const icons = [
  atSignModule,
  checkModule,
  chevronDownModule,
  chevronsUpDownModule,
  externalLinkModule,
  folderKanbanModule,
  loaderCircleModule,
  menuModule,
  messageSquareReplyModule,
  slidersHorizontalModule,
  xModule,
] as unknown as (IconModule & { __iconData: Parameters<typeof createLucideIcon>[0] })[];

const uses: Record<string, unknown>[] = [
  { 'aria-hidden': 'true', className: 'size-4 shrink-0 opacity-70' },
  {},
  { 'aria-label': 'Close', size: 16 },
  { className: 'lucide size-3' },
];

describe('the icons', () => {
  it.each(icons.map((icon) => [icon.__iconData.name, icon.default, icon.__iconData] as const))(
    '%s is drawn as lucide draws it',
    (_name, Lucide, data) => {
      const Own = createLucideIcon(data) as ComponentType<Record<string, unknown>>;
      for (const props of uses) {
        expect(renderToStaticMarkup(<Own {...props} />)).toBe(renderToStaticMarkup(<Lucide {...props} />));
      }
    },
  );
});
