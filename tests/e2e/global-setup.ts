import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPageServer } from '../support/page-server';
import { startProduct } from '../support/product-server';
import { startTodaysNetworks } from '../support/todays-networks-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A product landing page served by the test, for project onboarding's 'Product link'. */
    productPageURL: string;
    /** The file the product's local outbox appends its mail to (`DATA_DIR/outbox.jsonl`). */
    outboxFile: string;
  }
}

/**
 * One running ReplyRadar for all browser journeys, started as `npm start` starts it, plus a local web
 * server with a product page (the product may fetch that server's address: `FETCH_ALLOW_HOSTS`), and a
 * stand-in for Hacker News' and Reddit's search that discovery asks instead of the real networks.
 */
export default async function setup(project: TestProject) {
  const pages = await startPageServer();
  const networks = await startTodaysNetworks();
  const product = await startProduct({
    // Every journey signs up and in from 127.0.0.1 against this one server, well over the 10 a minute an
    // address is allowed; the limit itself is the server tests' (server/auth/sign-in-limits.db.test.ts).
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    HACKERNEWS_API_URL: networks.url,
    REDDIT_API_URL: networks.url,
  });
  project.provide('baseURL', product.baseURL);
  project.provide('productPageURL', `${pages.origin}/product`);
  project.provide('outboxFile', path.join(product.dataDir, 'outbox.jsonl'));
  return async () => {
    await product.stop();
    await pages.close();
    await networks.close();
    if (process.env.E2E_SERVER_LOG) console.log(product.log());
  };
}
