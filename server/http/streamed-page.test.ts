import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../tests/support/wait-until';
import { streamedPage } from './streamed-page';

/** What the bytes so far say, decompressed as far as they go. */
function decode(bytes: Buffer, encoding: string | null): string {
  if (bytes.length === 0) return '';
  if (encoding === 'br')
    return brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString();
  if (encoding === 'gzip') return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
  return bytes.toString();
}

/** Reads the body in the background; `sofar()` is what has arrived, decompressed. */
function reader(body: ReadableStream<Uint8Array>, encoding: string | null) {
  const chunks: Buffer[] = [];
  const done = (async () => {
    const stream = body.getReader();
    for (let next = await stream.read(); !next.done; next = await stream.read())
      chunks.push(Buffer.from(next.value));
  })();
  return {
    sofar: () => decode(Buffer.concat(chunks), encoding),
    all: async () => {
      await done;
      return decode(Buffer.concat(chunks), encoding);
    },
  };
}

describe('a page sent in two parts', () => {
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    [undefined, null],
  ] as const) {
    it(`sends the head while the rest is not ready, then the rest (${acceptEncoding ?? 'no Accept-Encoding'})`, async () => {
      let finish: (rest: string) => void = () => undefined;
      const rest = new Promise<string>((resolve) => {
        finish = resolve;
      });
      const page = streamedPage('<html><head>', rest, () => 'failed', acceptEncoding);
      expect(page.encoding).toBe(encoding);
      const body = reader(page.body, page.encoding);
      await waitUntil(() => body.sofar() === '<html><head>', 10);
      finish('</head><body></body></html>');
      expect(await body.all()).toBe('<html><head></head><body></body></html>');
    });
  }

  it('ends the page with the fallback when the rest fails, even before the head is out', async () => {
    const page = streamedPage(
      '<head>',
      Promise.reject(new Error('no')),
      (error) => `<!-- ${String(error)} -->`,
      'br',
    );
    expect(await reader(page.body, page.encoding).all()).toBe('<head><!-- Error: no -->');
  });

  it('does not send an encoding the browser refuses with q=0', () => {
    expect(streamedPage('', Promise.resolve(''), String, 'br;q=0, gzip').encoding).toBe('gzip');
  });
});
