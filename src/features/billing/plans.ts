import type { PlanItem } from '@contract/entities';

export type BillingPeriod = 'month' | 'year';
export type PlanTier = 'manual' | 'autopilot';

/** The product every tier is built on (spec section 1: Essential Growth, product key 'start'). */
export const productSlug = 'start';
/** The add-on Autopilot adds. */
export const autopostSlug = 'autopost';

export const tierNames: Record<PlanTier, string> = { manual: 'Manual', autopilot: 'Autopilot' };
export const periodNames: Record<BillingPeriod, string> = { month: 'monthly', year: 'yearly' };
export const perPeriod: Record<BillingPeriod, string> = { month: '/ month', year: '/ year' };

/** One line of a checkout: a price id of the chosen period and what it costs. */
export interface CheckoutLine {
  priceId: string;
  item: PlanItem;
  price: number;
}

function productOf(items: readonly PlanItem[]): PlanItem | undefined {
  return (
    items.find((item) => item.kind === 'product' && item.slug === productSlug) ??
    items.find((item) => item.kind === 'product')
  );
}

function autopostOf(items: readonly PlanItem[]): PlanItem | undefined {
  return items.find((item) => item.kind === 'addon' && item.slug === autopostSlug);
}

function lineOf(item: PlanItem, period: BillingPeriod): CheckoutLine {
  return period === 'month'
    ? { priceId: item.month_price_id, item, price: item.price_month }
    : { priceId: item.year_price_id, item, price: item.price_year };
}

/**
 * What a tier costs for a period: the product's price id, plus the autopost add-on's for Autopilot.
 * Null when the plan items lack what the tier needs.
 */
export function checkoutLines(
  items: readonly PlanItem[],
  tier: PlanTier,
  period: BillingPeriod,
): CheckoutLine[] | null {
  const product = productOf(items);
  if (!product) return null;
  if (tier === 'manual') return [lineOf(product, period)];
  const autopost = autopostOf(items);
  return autopost ? [lineOf(product, period), lineOf(autopost, period)] : null;
}

export function totalOf(lines: readonly CheckoutLine[]): number {
  return lines.reduce((sum, line) => sum + line.price, 0);
}

/** The plan item and period a price id stands for, for the local checkout's list. */
export function describePriceId(
  items: readonly PlanItem[],
  priceId: string,
): { item: PlanItem; period: BillingPeriod; price: number } | null {
  for (const item of items) {
    if (item.month_price_id === priceId) return { item, period: 'month', price: item.price_month };
    if (item.year_price_id === priceId) return { item, period: 'year', price: item.price_year };
  }
  return null;
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price in US dollars: '$49', or '$49.50' when it is not whole. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : withCents.format(amount);
}
