import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '@/lib/app-update';
import { UpdateToast } from './update-toast';

describe('update toast', () => {
  it("offers 'Reload' once a new version waits, and reloads into it after the outbox was sent", async () => {
    const update = createAppUpdate();
    const order: string[] = [];
    update.beforeUpdate(async () => {
      order.push('outbox sent');
    });
    render(<UpdateToast update={update} />);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    act(() =>
      update.offer(async () => {
        order.push('new version');
      }),
    );
    expect(screen.getByRole('status').textContent).toContain('A new version of ReplyRadar is ready.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(order).toEqual(['outbox sent', 'new version']));
  });
});
