// @vitest-environment node
import type { PlanItem } from '@contract/entities';
import { describe, expect, it } from 'vitest';
import { checkoutLines, describePriceId, formatPrice, totalOf } from './plans';

const items: PlanItem[] = [
  {
    kind: 'addon',
    slug: 'autopost',
    price_month: 30,
    price_year: 288,
    month_price_id: 'am',
    year_price_id: 'ay',
  },
  {
    kind: 'product',
    slug: 'start',
    price_month: 49,
    price_year: 470,
    month_price_id: 'sm',
    year_price_id: 'sy',
  },
];

describe('plans', () => {
  it("prices Manual as the product's price for the period", () => {
    expect(totalOf(checkoutLines(items, 'manual', 'month') ?? [])).toBe(49);
    expect(totalOf(checkoutLines(items, 'manual', 'year') ?? [])).toBe(470);
  });

  it("prices Autopilot as the product's price plus the autopost add-on's, product first", () => {
    expect(checkoutLines(items, 'autopilot', 'month')?.map((line) => line.priceId)).toEqual(['sm', 'am']);
    expect(totalOf(checkoutLines(items, 'autopilot', 'month') ?? [])).toBe(79);
    expect(totalOf(checkoutLines(items, 'autopilot', 'year') ?? [])).toBe(758);
  });

  it('offers no Autopilot without the add-on, and nothing without a product', () => {
    expect(checkoutLines(items.slice(1), 'autopilot', 'month')).toBeNull();
    expect(checkoutLines(items.slice(0, 1), 'manual', 'month')).toBeNull();
  });

  it('formats prices in US dollars, without cents when whole', () => {
    expect(formatPrice(49)).toBe('$49');
    expect(formatPrice(1470)).toBe('$1,470');
    expect(formatPrice(49.5)).toBe('$49.50');
  });

  it('tells what a price id stands for', () => {
    expect(describePriceId(items, 'ay')).toMatchObject({
      item: { slug: 'autopost' },
      period: 'year',
      price: 288,
    });
    expect(describePriceId(items, 'nope')).toBeNull();
  });
});
