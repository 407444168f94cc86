// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '@/lib/app-update';

describe('a waiting new version', () => {
  it('sends the outbox before the new version takes over', async () => {
    const update = createAppUpdate();
    const order: string[] = [];
    const listener = vi.fn();
    update.subscribe(listener);
    update.beforeUpdate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('outbox sent');
    });
    expect(update.isWaiting()).toBe(false);
    update.offer(async () => {
      order.push('new version');
    });
    expect(update.isWaiting()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
    await update.reload();
    expect(order).toEqual(['outbox sent', 'new version']);
  });

  it('still updates when sending fails or takes too long: the outbox stays on the device for the new version', async () => {
    const update = createAppUpdate(20);
    const apply = vi.fn(async () => undefined);
    update.beforeUpdate(() => Promise.reject(new Error('offline')));
    update.beforeUpdate(() => new Promise<void>(() => undefined));
    update.offer(apply);
    await update.reload();
    expect(apply).toHaveBeenCalledOnce();
  });

  it('does not run a step once it was removed, and does nothing without a waiting version', async () => {
    const update = createAppUpdate();
    const step = vi.fn(async () => undefined);
    const remove = update.beforeUpdate(step);
    await update.reload();
    expect(step).not.toHaveBeenCalled();
    remove();
    update.offer(async () => undefined);
    await update.reload();
    expect(step).not.toHaveBeenCalled();
  });
});
