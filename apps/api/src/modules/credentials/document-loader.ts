import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { securityLoader } from '@digitalbazaar/security-document-loader';
import type { DocumentLoader } from '@digitalbazaar/vc';
import { resolveDidKey } from '../did/did.module.js';

/**
 * The JSON-LD document loader for issuing and verifying. It never touches the network: the W3C,
 * security and Data Integrity contexts are bundled, did:key documents are derived locally, and any
 * other URL (another DID method, an unknown context, a verification method on some web server)
 * fails with "Document not found", so a credential cannot make the server fetch anything.
 */
export function createDocumentLoader(
  extraContexts: ReadonlyArray<[url: string, document: object]>,
): DocumentLoader {
  const loader = securityLoader();
  // VCDM 1.1 credentials with DataIntegrityProof need these; the security loader lacks them.
  for (const [url, document] of dataIntegrityContexts) loader.addStatic(url, document);
  for (const [url, document] of extraContexts) loader.addStatic(url, document);
  loader.setDidResolver({ get: ({ did, url }) => resolveDidKey(did ?? url ?? '') });
  return loader.build();
}
