import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const pagesDir = path.resolve(import.meta.dirname, '../fixtures/pages');

/** A fixture page's text, as the page server sends it. */
export function readPageFixture(name: string): string {
  return readFileSync(path.join(pagesDir, name), 'utf8');
}

export interface PageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Paths requested so far, in order, with the User-Agent each was sent with. */
  requests: Array<{ path: string; userAgent: string | undefined }>;
  close(): Promise<void>;
}

/**
 * A local web server on 127.0.0.1 and a random port, serving the pages the fetch and generation tests read:
 * - `/product`: a SaaS landing page (`tests/fixtures/pages/product.html`)
 * - `/pages/<name>`: another product page, `tests/fixtures/pages/<name>.html`
 * - `/notes.txt`: plain text; `/brochure.pdf`: not a web page
 * - `/loop`: redirects to itself for ever; `/hop/<n>`: n redirects, then the product page
 * - `/redirect?to=<url>`: one redirect to any address
 * - `/huge`: more than 2 MB of HTML, streamed without a Content-Length
 * - `/gzip`: the product page gzip-encoded; `/gzip-bomb`: 40 kB that unpack to more than 2 MB
 * - `/slow`: answers after 30 s; `/missing`: 404
 */
export async function startPageServer(): Promise<PageServer> {
  const requests: PageServer['requests'] = [];
  const slowTimers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname + url.search, userAgent: req.headers['user-agent'] });
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    };
    const hop = url.pathname.match(/^\/hop\/(\d+)$/);
    const fixture = url.pathname.match(/^\/pages\/([a-z0-9-]+)$/);
    if (fixture?.[1] && existsSync(path.join(pagesDir, `${fixture[1]}.html`)))
      return send(200, 'text/html; charset=utf-8', readPageFixture(`${fixture[1]}.html`));
    if (url.pathname === '/product')
      return send(200, 'text/html; charset=utf-8', readPageFixture('product.html'));
    if (url.pathname === '/notes.txt') return send(200, 'text/plain', readPageFixture('notes.txt'));
    if (url.pathname === '/brochure.pdf')
      return send(200, 'application/pdf', readPageFixture('brochure.pdf'));
    if (url.pathname === '/gzip' || url.pathname === '/gzip-bomb') {
      const body = gzipSync(
        url.pathname === '/gzip' ? readPageFixture('product.html') : `<p>${' '.repeat(3 * 1024 * 1024)}</p>`,
      );
      res.writeHead(200, {
        'Content-Type': 'text/html',
        'Content-Encoding': 'gzip',
        'Content-Length': body.length,
      });
      return res.end(body);
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { Location: '/loop' });
      return res.end();
    }
    if (hop) {
      const left = Number(hop[1]);
      res.writeHead(301, { Location: left > 1 ? `/hop/${left - 1}` : '/product' });
      return res.end();
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' });
      return res.end();
    }
    if (url.pathname === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const chunk = `<p>${'Tallybird sends payment reminders. '.repeat(1000)}</p>\n`;
      let sent = 0;
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      return pump();
    }
    if (url.pathname === '/slow') {
      const timer = setTimeout(() => send(200, 'text/html', '<p>late</p>'), 30_000);
      slowTimers.add(timer);
      res.on('close', () => {
        clearTimeout(timer);
        slowTimers.delete(timer);
      });
      return;
    }
    send(404, 'text/html', '<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const timer of slowTimers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
