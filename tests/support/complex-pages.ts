import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPageFixture } from './page-server';

/** Elements nested `depth` deep around one short paragraph. */
export const nestedPage = (depth: number) => `${'<div>'.repeat(depth)}<p>text</p>${'</div>'.repeat(depth)}`;

/** A small page nested 5,000 levels deep (55 KB): far past the depth ReplyRadar reads. */
export const deepPage = () => nestedPage(5_000);

/**
 * A page inside both limits (19,831 elements, nested 252 deep, 213 KB) that still takes Readability
 * seconds to read (3.3 s on the idle 2-core machine, far more under load): only the reading budget stops it.
 */
export const slowToReadPage = () => `<html><body>${nestedPage(250).repeat(79)}</body></html>`;

export interface ComplexPageServer {
  /** `http://127.0.0.1:<port>`: `/product` (the recorded product page), `/deep`, `/slow-to-read`. */
  origin: string;
  close(): Promise<void>;
}

/** A local web server with a normal product page and the two complex pages above. */
export async function startComplexPageServer(): Promise<ComplexPageServer> {
  const pages: Record<string, () => string> = {
    '/product': () => readPageFixture('product.html'),
    '/deep': deepPage,
    '/slow-to-read': slowToReadPage,
  };
  const server: Server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://localhost').pathname];
    const body = page ? page() : '<h1>Not found</h1>';
    res.writeHead(page ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
