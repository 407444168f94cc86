import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { watchChild } from './child-process';

const sleeper = (detached = false) =>
  spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached });

describe('a child a test started', () => {
  it('is stopped while it runs, and no signal is sent after it exited', async () => {
    const child = watchChild(sleeper());
    expect(child.running()).toBe(true);
    await child.stop();
    expect(child.running()).toBe(false);
    expect(child.process.signalCode).toBe('SIGTERM');
    expect(child.signal('SIGKILL')).toBe(false);
    await child.stop();
  });

  it('signals its process group only while the group’s leader lives', async () => {
    const leader = watchChild(sleeper(true), { group: true });
    expect(leader.signal('SIGTERM')).toBe(true);
    await leader.exited;
    expect(leader.running()).toBe(false);
    // The leader's id may now be another process's: the group is not signalled again.
    expect(leader.signal('SIGKILL')).toBe(false);
  });

  it('knows a child that exited on its own', async () => {
    const child = watchChild(spawn(process.execPath, ['-e', ''], { stdio: 'ignore' }));
    await child.exited;
    expect(child.process.exitCode).toBe(0);
    expect(child.signal('SIGTERM')).toBe(false);
  });
});
