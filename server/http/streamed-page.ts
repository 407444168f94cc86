import { Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface StreamedPage {
  body: ReadableStream<Uint8Array>;
  /** The `Content-Encoding` of the body; null when it is sent as it is. */
  encoding: 'br' | 'gzip' | null;
}

/** The encodings a browser accepts, from its `Accept-Encoding` (ignoring q-values of 0). */
function accepted(acceptEncoding: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name || params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    names.add(name);
  }
  return names;
}

/**
 * A page sent in two parts: `head` at once, `rest` when it is ready. Each part is flushed through the
 * compressor as it is written, so the browser starts fetching what the head names (the app's scripts)
 * while the server is still working out the rest. A `rest` that fails ends the page with `fallback`.
 */
export function streamedPage(
  head: string,
  rest: Promise<string>,
  fallback: (error: unknown) => string,
  acceptEncoding: string | undefined,
): StreamedPage {
  const encodings = accepted(acceptEncoding);
  const encoding = encodings.has('br') ? 'br' : encodings.has('gzip') ? 'gzip' : null;
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: 1 },
        })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 6 })
        : null;

  // Handled at once: a rest that fails before the head is out must not go unhandled meanwhile.
  const restOrFallback = rest.catch(fallback);
  async function* parts(): AsyncGenerator<Buffer> {
    yield Buffer.from(head);
    yield Buffer.from(await restOrFallback);
  }

  if (!compressor)
    return { body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>, encoding };
  void (async () => {
    try {
      for await (const part of parts()) {
        compressor.write(part);
        await new Promise<void>((resolve) => compressor.flush(() => resolve()));
      }
      compressor.end();
    } catch (error) {
      compressor.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return { body: Readable.toWeb(compressor) as ReadableStream<Uint8Array>, encoding };
}
