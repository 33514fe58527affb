import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { AdminService } from '../admin/admin.service.js';
import type { KeyedSender } from '../chains/keyed-sender.js';
import type { Networks } from '../chains/networks.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { VaultService } from '../vault/vault.service.js';
import { DocumentContracts } from './offering-documents.chain.js';
import { OfferingDocumentsRepo } from './offering-documents.repo.js';
import { offeringDocumentsRoutes } from './offering-documents.routes.js';
import { OfferingDocumentsService, recordJob } from './offering-documents.service.js';

/**
 * Offering documents and the acknowledgement of terms (docs/product.md; ADR 73). Purchases ask
 * `assertAcknowledged` before reserving; the acknowledgements are the buyer's own data, so they go
 * into "Download my data".
 */
export function offeringDocumentsModule(
  infra: Infrastructure,
  deps: {
    issuer: IssuerService;
    vault: VaultService;
    chainSender: KeyedSender;
    networks: Networks;
    audit: AdminService;
  },
) {
  const documents = new OfferingDocumentsService({
    db: infra.db,
    repo: new OfferingDocumentsRepo(infra.db),
    ipfs: infra.ipfs,
    issuer: deps.issuer,
    vault: deps.vault,
    contracts: new DocumentContracts(infra.chain, deps.chainSender),
    networks: deps.networks,
    jobs: infra.jobs,
    clock: infra.clock,
    audit: (actorId, action, target, detail, tx) => deps.audit.record(actorId, action, target, detail, tx),
    log: infra.log,
  });
  return {
    name: 'offering-documents',
    offeringDocuments: documents,
    routes: (app) => offeringDocumentsRoutes(app, documents),
    exports: { offeringAcknowledgements: (userId) => documents.myAcknowledgements(userId) },
    jobs: [defineJob(recordJob, ({ documentId }, job) => documents.record(documentId, job))],
  } satisfies FeatureModule & Record<string, unknown>;
}
