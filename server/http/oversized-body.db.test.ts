import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testPassword } from '../../tests/support/server-harness';

interface RawAnswer {
  status: number;
  connection: string | undefined;
  body: string;
}

describe('a body over BODY_LIMIT_BYTES on a keep-alive connection', () => {
  let server: TestServer;
  let http: Server;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    // Served the way `npm start` serves it (server/main.ts), so the connection is a real one.
    http = createServer(getRequestListener(server.app.fetch)).listen(0, '127.0.0.1');
    await new Promise((resolve) => http.once('listening', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await server?.close();
  });

  it("answers the client's next request after refusing a body that is too large", async () => {
    // One socket at most, kept alive: the second request goes on the first one's connection when the
    // server says it may.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (path: string, body: string) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path,
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const tooLarge = JSON.stringify({
        email: 'big@example.com',
        password: 'x'.repeat(server.env.BODY_LIMIT_BYTES * 4),
      });
      const refused = await post('/api/auth/sign-up', tooLarge);
      expect(refused.status, refused.body).toBe(413);
      expect(JSON.parse(refused.body)).toStrictEqual({
        success: false,
        data: null,
        error: {
          code: 'payload_too_large',
          message: `Request body is larger than ${server.env.BODY_LIMIT_BYTES} bytes`,
        },
      });
      // The rest of that body is never read, so the server cannot keep the connection for another request.
      expect(refused.connection).toBe('close');

      const next = await post(
        '/api/auth/sign-up',
        JSON.stringify({ email: 'next@example.com', password: testPassword }),
      );
      expect(next.status, next.body).toBe(201);
    } finally {
      agent.destroy();
    }
  });
});
