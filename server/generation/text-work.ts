/**
 * The text work the page reader pool's worker threads do, by name: reading a product page, and what the
 * engine reads out of a product's text (`product-analysis.ts`). The pool names a function and passes its
 * one argument; the worker answers with its result.
 */
import { readPage } from './page-reader';
import { analyseProduct, describePage, proposeFor, toneFor } from './product-analysis';

export const textWork = { readPage, analyseProduct, proposeFor, toneFor, describePage };

export type TextWorkName = keyof typeof textWork;
export type TextWorkInput<N extends TextWorkName> = Parameters<(typeof textWork)[N]>[0];
export type TextWorkOutput<N extends TextWorkName> = ReturnType<(typeof textWork)[N]>;
