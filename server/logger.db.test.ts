import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../tests/support/server-harness';
import { createLogger } from './logger';

describe.each(testDatabases())('the logs of a failed query (%s)', (kind) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(kind, {}, { logger: createLogger('info', stream) });
  });
  afterAll(() => server?.close());

  it("keep the query and the database's code but never the answer a person wrote", async () => {
    const { workspace, token } = await server.signUpWithWorkspace('private@example.com');
    const project = await server.seedProject(workspace.id, { reviewed: true });
    const post = await server.seedPost(project.id, { answer: 'First draft' });
    // The database refuses the row, as it would a value it cannot store.
    await server.db.execute(
      sql.raw(`ALTER TABLE posts ADD CONSTRAINT answer_refused CHECK (answer NOT LIKE '%Tuesday%')`),
    );
    const answer = 'Our invoices go out every Tuesday, ask Ada at ada.private@example.com';

    const response = await server
      .request('PATCH', `/api/posts/${post.id}/update-answer`, {
        token,
        projectId: project.id,
        body: { answer },
      })
      // The test database is emptied and reused by the next file: the refusal must not outlive this test.
      .finally(() => server.db.execute(sql.raw('ALTER TABLE posts DROP CONSTRAINT answer_refused')));

    expect(response.status).toBe(500);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    expect(logged?.err).toMatchObject({
      message: expect.stringMatching(/^Failed query: with c as \(/),
      code: '23514',
    });
    const everything = lines.join('\n');
    expect(everything).toContain('violates check constraint');
    expect(everything).not.toContain('Tuesday, ask Ada');
    expect(everything).not.toContain('ada.private@example.com');
    expect(everything).not.toContain('Failing row contains');
  });
});
