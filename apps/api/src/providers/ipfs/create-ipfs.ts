import type { IpfsConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { IpfsPort } from './ipfs.js';
import { EmbeddedIpfs } from './ipfs.embedded.js';
import { KuboPinner } from './ipfs.kubo.js';
import { PinataPinner } from './ipfs.pinata.js';
import { IpfsRepo } from './ipfs.repo.js';

/** Documents always stay in the database; kubo or Pinata, when chosen, pin a public copy too. */
export function createIpfs(config: IpfsConfig, deps: { db: DbOrTx }): IpfsPort {
  const repo = new IpfsRepo(deps.db);
  switch (config.provider) {
    case 'embedded':
      return new EmbeddedIpfs(repo, config.gatewayUrl);
    case 'kubo':
      return new EmbeddedIpfs(repo, config.gatewayUrl, new KuboPinner(config.kuboApiUrl));
    case 'pinata':
      return new EmbeddedIpfs(
        repo,
        config.gatewayUrl,
        new PinataPinner(config.pinataJwt, config.pinataUploadUrl),
      );
  }
}
