import type { TestProject } from 'vitest/node';
import { startPageServer } from '../support/page-server';
import { startProduct } from '../support/product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A product landing page served by the test, for project onboarding's 'Product link'. */
    productPageURL: string;
  }
}

/**
 * One running ReplyRadar for all browser journeys, started as `npm start` starts it, plus a local web
 * server with a product page; the product may fetch that server's address (`FETCH_ALLOW_HOSTS`).
 */
export default async function setup(project: TestProject) {
  const pages = await startPageServer();
  const product = await startProduct({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
  project.provide('baseURL', product.baseURL);
  project.provide('productPageURL', `${pages.origin}/product`);
  return async () => {
    await product.stop();
    await pages.close();
    if (process.env.E2E_SERVER_LOG) console.log(product.log());
  };
}
