// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { type KeptCopy, readThrough } from '@/lib/read-through';

function copyOf(kept: string[] | undefined): KeptCopy<string[]> & { kept: string[][] } {
  const copy = {
    place: [],
    kept: [] as string[][],
    keep: vi.fn(async (data: string[]) => {
      copy.kept.push(data);
    }),
    read: vi.fn(async () => kept),
  };
  return copy;
}

const failing = (status: number) => async (): Promise<string[]> => {
  throw new ApiError(status, { message: `status ${status}`, code: 'x' });
};

describe('reading through the copy kept on this device', () => {
  it('keeps what the server answers', async () => {
    const copy = copyOf(undefined);
    expect(await readThrough(async () => ['Radar'], copy)).toEqual(['Radar']);
    await vi.waitFor(() => expect(copy.kept).toEqual([['Radar']]));
  });

  it('a 5xx at load opens from the device: the kept copy answers, as with no answer at all', async () => {
    for (const status of [0, 500, 502, 503, 504]) {
      expect(await readThrough(failing(status), copyOf(['Kept']))).toEqual(['Kept']);
    }
  });

  it('passes on the server’s other refusals, and a failure with nothing kept', async () => {
    for (const status of [401, 402, 403, 404]) {
      await expect(readThrough(failing(status), copyOf(['Kept']))).rejects.toMatchObject({ status });
    }
    await expect(readThrough(failing(503), copyOf(undefined))).rejects.toMatchObject({ status: 503 });
  });
});
