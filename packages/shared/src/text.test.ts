import { describe, expect, it } from 'vitest';
import { isDisplayName } from './text.js';

describe('isDisplayName', () => {
  it('takes names in any script, with marks, spaces and joiners between visible letters', () => {
    for (const name of ['Harbour Bond', 'مؤسسة النور', 'Élodie', 'e\u0301', 'क्षि', 'Bond\u200dCo', '👩‍💻 Fund'])
      expect(isDisplayName(name), name).toBe(true);
  });

  it('refuses names that show nothing', () => {
    for (const name of [
      '',
      '   ',
      '\u200b',
      '\u200b\u200c\u200d',
      '\ufeff',
      '\u00ad',
      '\u0301',
      '\u3164',
      '\u2800',
      '\ufe0f',
    ])
      expect(isDisplayName(name), JSON.stringify(name)).toBe(false);
  });

  it('refuses bidirectional controls anywhere', () => {
    for (const name of ['Safe\u202eFDP.exe', '\u202dBond', 'Bond\u2066x\u2069', 'a\u200fb', 'a\u061cb'])
      expect(isDisplayName(name), JSON.stringify(name)).toBe(false);
  });
});
