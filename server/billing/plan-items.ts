import type { PlanItem } from '@contract/entities';
import { DomainError } from '../domain/errors';
import type { BillingConfig } from './billing-config';

export type BillingPeriod = 'month' | 'year';

/** The plan items the subscribe screen offers, from configuration: the plan, then the autopost add-on. */
export function planItems(config: BillingConfig): PlanItem[] {
  return [
    {
      kind: 'product',
      slug: 'start',
      price_month: config.PLAN_START_PRICE_MONTH,
      price_year: config.PLAN_START_PRICE_YEAR,
      month_price_id: config.PADDLE_PRICE_START_MONTH,
      year_price_id: config.PADDLE_PRICE_START_YEAR,
    },
    {
      kind: 'addon',
      slug: 'autopost',
      price_month: config.PLAN_AUTOPOST_PRICE_MONTH,
      price_year: config.PLAN_AUTOPOST_PRICE_YEAR,
      month_price_id: config.PADDLE_PRICE_AUTOPOST_MONTH,
      year_price_id: config.PADDLE_PRICE_AUTOPOST_YEAR,
    },
  ];
}

/** The price ids that carry the autopost add-on (monthly and yearly). */
export function autopostPriceIds(items: PlanItem[]): Set<string> {
  return new Set(
    items
      .filter((item) => item.slug === 'autopost')
      .flatMap((item) => [item.month_price_id, item.year_price_id]),
  );
}

/** The plan items whose monthly or yearly price is among `priceIds`. */
export function itemsOfPrices(items: PlanItem[], priceIds: readonly string[]): PlanItem[] {
  return items.filter(
    (item) => priceIds.includes(item.month_price_id) || priceIds.includes(item.year_price_id),
  );
}

export interface PlanChoice {
  period: BillingPeriod;
  priceIds: string[];
  addons: { autopost: boolean };
}

/**
 * Reads a checkout's price ids: exactly one price of the plan (monthly or yearly) and, for Autopilot,
 * the autopost add-on's price of the same period. Anything else is a 400 naming `priceIds`.
 */
export function readPlanChoice(items: PlanItem[], priceIds: readonly string[]): PlanChoice {
  const refuse = (message: string) =>
    new DomainError('invalid', 'bad_request', message, { field: 'priceIds' });
  if (new Set(priceIds).size !== priceIds.length) throw refuse('Each price id may be given only once');
  const chosen = priceIds.map((id) => {
    const item = items.find((i) => i.month_price_id === id || i.year_price_id === id);
    if (!item) throw refuse(`"${id}" is not a price of this plan`);
    return { item, period: (item.month_price_id === id ? 'month' : 'year') as BillingPeriod };
  });
  const products = chosen.filter((c) => c.item.kind === 'product');
  const addons = chosen.filter((c) => c.item.kind === 'addon');
  const [product] = products;
  if (!product || products.length > 1)
    throw refuse("Choose exactly one of the plan's prices: monthly or yearly");
  if (addons.some((addon) => addon.period !== product.period))
    throw refuse(`The add-on must be billed per ${product.period}, like the plan`);
  return {
    period: product.period,
    priceIds: [...priceIds],
    addons: { autopost: addons.some((addon) => addon.item.slug === 'autopost') },
  };
}
