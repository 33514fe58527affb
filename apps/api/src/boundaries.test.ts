import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries, webBoundaries } from '../../../eslint.boundaries.js';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
    { plugins: { '@typescript-eslint': tseslint.plugin } },
    ...boundaries,
    ...webBoundaries,
  ],
});

/** The rule ids ESLint reports for one line of source at a path in the tree. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const restricted = ['@typescript-eslint/no-restricted-imports'];

describe('import boundaries (docs/architecture.md, "Boundaries")', () => {
  it('a feature module reaches another only through its module file; types may be imported', async () => {
    const file = 'apps/api/src/modules/purchases/purchases.service.ts';
    expect(await lint(file, "import { IssuerRepo } from '../issuer/issuer.repo.js';")).toEqual(restricted);
    expect(await lint(file, "import { ledgerToken } from '../issuer/issuer.module.js';")).toEqual([]);
    expect(await lint(file, "import type { IssuerRepo } from '../issuer/issuer.repo.js';")).toEqual([]);
    expect(await lint(file, "import { Reservations } from './reservations.js';")).toEqual([]);
  });

  it('providers never import a feature module', async () => {
    const file = 'apps/api/src/providers/chain/chain.embedded.ts';
    expect(await lint(file, "import { VaultService } from '../../modules/vault/vault.module.js';")).toEqual(
      restricted,
    );
    expect(await lint(file, "import type { Db } from '../../db/client.js';")).toEqual([]);
  });

  it('a web feature reaches another only through its index.ts', async () => {
    const deep = 'apps/web/src/features/dashboard/components/OverviewTab.tsx';
    expect(await lint(deep, "import { useMyAssets } from '../../purchases/api/my-assets';")).toEqual(
      restricted,
    );
    expect(await lint(deep, "import { useMyAssets } from '../../purchases';")).toEqual([]);
    expect(await lint(deep, "import { tabs } from '../tabs';")).toEqual([]);
    expect(await lint(deep, "import { AppButton } from '../../../components/AppButton';")).toEqual([]);
    const shallow = 'apps/web/src/features/dashboard/tabs.tsx';
    expect(await lint(shallow, "import { AssetsTab } from '../purchases/components/AssetsTab';")).toEqual(
      restricted,
    );
    expect(await lint(shallow, "import { AssetsTab } from '../purchases';")).toEqual([]);
  });
});
