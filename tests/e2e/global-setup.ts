import type { TestProject } from 'vitest/node';
import { startProduct } from '../support/product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One running ReplyRadar for all browser journeys, started as `npm start` starts it. */
export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('baseURL', product.baseURL);
  return async () => {
    await product.stop();
    if (process.env.E2E_SERVER_LOG) console.log(product.log());
  };
}
