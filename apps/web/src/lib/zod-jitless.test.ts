import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod build its schemas without eval', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
