import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('is the zod the app and its tests import, building its schemas without eval', async () => {
    const zod = await import('zod');
    expect(zod).toBe(await import('./zod-jitless'));
    const { z } = zod;
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
