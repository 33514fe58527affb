import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('is zod, building its schemas without eval', async () => {
    const { z } = await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
