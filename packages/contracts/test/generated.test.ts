import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { soulBoundTokenAbi, soulBoundTokenBytecode } from '../generated/soul-bound-token.ts';
import { compileContracts, generatedFiles, outDir } from '../scripts/compile.ts';

describe('generated contract modules', () => {
  it('are exactly what solc produces from src/ (the committed files are not stale)', () => {
    const modules = compileContracts();
    expect([...modules.keys()].sort()).toEqual(generatedFiles().sort());
    for (const [file, text] of modules) expect(readFileSync(path.join(outDir, file), 'utf8')).toBe(text);
  }, 30_000);

  it('expose the soul-bound token ABI and deployable bytecode', () => {
    const names = soulBoundTokenAbi.map((item) => ('name' in item ? `${item.type}:${item.name}` : item.type));
    expect(names).toEqual(
      expect.arrayContaining([
        'function:mint',
        'function:locked',
        'function:tokenOf',
        'function:tokenURI',
        'event:Locked',
        'error:Soulbound',
        'error:AlreadyHoldsToken',
      ]),
    );
    expect(soulBoundTokenBytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
  });
});
