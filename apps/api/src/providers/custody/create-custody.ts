import type { CustodyConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SecretStore } from '../../secrets/secrets.repo.js';
import type { CustodyPort } from './custody.js';
import { LOCAL_SEED_SECRET, LocalCustody, newSeedEntropy } from './custody.local.js';
import { FireblocksWebhookVerifier } from './fireblocks-webhook.js';

export interface SelectedCustody {
  custody: CustodyPort;
  /** Present when the provider pushes signed webhooks. */
  fireblocksWebhook: FireblocksWebhookVerifier | undefined;
}

export async function createCustody(
  config: CustodyConfig,
  deps: { db: Db; secrets: SecretStore },
): Promise<SelectedCustody> {
  switch (config.provider) {
    case 'local': {
      const loadEntropy = () => deps.secrets.getOrCreate(LOCAL_SEED_SECRET, newSeedEntropy);
      // The seed is generated (and sealed) on first start, not on the first vault.
      (await loadEntropy()).fill(0);
      return { custody: new LocalCustody(deps.db, loadEntropy), fireblocksWebhook: undefined };
    }
    case 'fireblocks': {
      // Loaded only when chosen: the SDK alone adds about half a second to every start.
      const { FireblocksCustody } = await import('./custody.fireblocks.js');
      return {
        custody: new FireblocksCustody(config.fireblocks),
        fireblocksWebhook: new FireblocksWebhookVerifier(config.fireblocks.webhookJwksUrl),
      };
    }
  }
}
