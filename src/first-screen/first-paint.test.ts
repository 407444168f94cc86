import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its state is the page's, one per load. */
async function freshModule() {
  vi.resetModules();
  return import('./first-paint');
}

describe('work that waits for the first screen to paint', () => {
  it('runs at once when the app never asked it to wait (a component rendered on its own)', async () => {
    const { afterFirstPaint, whenIdleAfterFirstPaint } = await freshModule();
    await expect(afterFirstPaint()).resolves.toBeUndefined();
    await expect(whenIdleAfterFirstPaint()).resolves.toBeUndefined();
  });

  it('waits from the app’s start until its first screen is committed and that frame has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      const { afterFirstPaint, firstScreenCommitted, holdUntilFirstPaint } = await freshModule();
      holdUntilFirstPaint();
      let done = false;
      void afterFirstPaint().then(() => {
        done = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(done).toBe(false);

      firstScreenCommitted();
      expect(frames).toHaveLength(1);
      // The frame callback runs before the frame paints: still waiting until the task after it.
      frames[0]?.(performance.now());
      expect(done).toBe(false);
      await vi.waitFor(() => expect(done).toBe(true));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
