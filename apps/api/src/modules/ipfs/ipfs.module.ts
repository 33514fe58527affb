import type { FeatureModule } from '../../feature-module.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import { ipfsRoutes } from './ipfs.routes.js';

/** The portal's own IPFS gateway: public documents to anyone, private ones to their subject. */
export function ipfsModule(deps: { credentials: Pick<CredentialsService, 'readable'> }) {
  return { name: 'ipfs', routes: (app) => ipfsRoutes(app, deps.credentials) } satisfies FeatureModule;
}
