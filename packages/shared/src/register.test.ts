import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './register.js';

describe('the register CSV (RFC 4180, ADR 69)', () => {
  it('leaves plain cells alone and quotes commas, quotes and line breaks', () => {
    expect(csvCell('Alice Martin')).toBe('Alice Martin');
    expect(csvCell('0.500000')).toBe('0.500000');
    expect(csvCell('Martin, Alice')).toBe('"Martin, Alice"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses every cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('=1+1')).toBe("'=1+1");
  });

  it('ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '-2'],
      ]),
    ).toBe("a,b\r\n1,'-2\r\n");
  });
});
