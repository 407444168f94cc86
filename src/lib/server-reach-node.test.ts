// @vitest-environment node
import { expect, it } from 'vitest';
import { serverReach } from '@/lib/server-reach';

it('the server answering again is harmless where there is no window (the server’s render)', () => {
  serverReach.set(false);
  expect(() => serverReach.set(true)).not.toThrow();
  expect(serverReach.get()).toBe(true);
});
