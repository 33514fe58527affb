import { LoginFormSchema } from '@portal/shared/auth';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { checkLogin, EMAIL_PATTERN } from './login-rules';

const emails = [
  '',
  '   ',
  'investor@portal.test',
  '  investor@portal.test  ',
  'first.last+tag@sub.example.co',
  'no-at-sign',
  'a@b',
  'a@b.c',
  '.dot@portal.test',
  'two..dots@portal.test',
  'x@-portal.test',
  "o'brien@portal.test",
  `${'a'.repeat(250)}@x.io`,
  `${'a'.repeat(240)}@portal.test`,
];
const passwords = ['', '12345', '123456', 'a'.repeat(128), 'a'.repeat(129), '      '];

describe('checkLogin', () => {
  it("uses zod's e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it('agrees with LoginFormSchema on every input of the table', () => {
    for (const email of emails) {
      for (const password of passwords) {
        const parsed = LoginFormSchema.safeParse({ email, password });
        const expected: Record<string, string> = {};
        for (const issue of parsed.error?.issues ?? []) {
          const field = String(issue.path[0]);
          expected[field] ??= issue.message;
        }
        const { values, errors } = checkLogin({ email, password });
        expect({ email, password, errors }).toEqual({ email, password, errors: expected });
        if (parsed.success) expect(values).toEqual(parsed.data);
      }
    }
  });
});
