import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { driver as didKeyDriver } from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { securityLoader } from '@digitalbazaar/security-document-loader';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import { expect } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from './test-app.js';

/**
 * A verifier that shares none of the portal's code: its own Digital Bazaar stack, the standard
 * contexts, did:key resolved from the key itself, the portal context as published over HTTP, and
 * status checking with the W3C Bitstring Status List library against the list served over HTTP.
 * It answers whether the credential verifies and is not revoked.
 */
export async function independentVerifier(t: Pick<TestApp, 'app' | 'clock'>) {
  const published = await t.app.inject({ method: 'GET', url: '/contexts/portal/v1' });
  expect(published.statusCode).toBe(200);
  const driver = didKeyDriver();
  driver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
  const loader = securityLoader();
  for (const [url, document] of [...dataIntegrityContexts, ...statusListContexts])
    loader.addStatic(url, document);
  loader.addStatic(`${TEST_PUBLIC_URL}/contexts/portal/v1`, published.json() as object);
  loader.setDidResolver({ get: ({ did, url }) => driver.get({ did, url }) });
  const staticLoader = loader.build();
  const documentLoader: vc.DocumentLoader = async (url) => {
    if (!url.startsWith(`${TEST_PUBLIC_URL}/api/credentials/status/`)) return staticLoader(url);
    const list = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(list.statusCode).toBe(200);
    return { contextUrl: null, documentUrl: url, document: list.json() as object };
  };
  return async (credential: object) => {
    const result = await vc.verifyCredential({
      credential: structuredClone(credential) as Record<string, unknown>,
      suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
      documentLoader,
      now: t.clock.now(),
      checkStatus: (options) => checkStatus(options),
    });
    return result.verified && !result.statusResult?.results?.some((entry) => entry.status);
  };
}
