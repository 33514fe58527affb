/**
 * The Digital Bazaar packages ship no TypeScript types. These declarations cover only the calls
 * this project makes (did:key, Multikey Ed25519 keys, VCDM 1.1 + Data Integrity proofs).
 */

declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (url: string) => Promise<{
    contextUrl: string | null;
    document: unknown;
    documentUrl: string;
  }>;

  export interface VerifyCredentialResult {
    verified: boolean;
    error?: unknown;
    results?: Array<{ verified: boolean; error?: unknown }>;
    /** What `checkStatus` answered; for a Bitstring Status List, `status: true` means the bit is set. */
    statusResult?: { verified: boolean; results?: Array<{ status: boolean }> };
  }

  export function issue(options: {
    credential: Record<string, unknown>;
    suite: object;
    documentLoader: DocumentLoader;
    now?: Date | string;
  }): Promise<Record<string, unknown>>;

  export function verifyCredential(options: {
    credential: Record<string, unknown>;
    suite: object;
    documentLoader: DocumentLoader;
    now?: Date | string;
    checkStatus?: (options: {
      credential: Record<string, unknown>;
      suite: object;
      documentLoader: DocumentLoader;
    }) => Promise<{ verified: boolean; results?: Array<{ status: boolean }> }>;
  }): Promise<VerifyCredentialResult>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: object; signer?: object; date?: Date | string | null });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: object;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519MultikeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    publicKey: Uint8Array;
    signer(): { id: string; algorithm: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
  }
  export function generate(options?: {
    seed?: Uint8Array;
    id?: string;
    controller?: string;
  }): Promise<Ed25519MultikeyPair>;
  export function from(key: object): Promise<Ed25519MultikeyPair>;
}

declare module '@digitalbazaar/did-method-key' {
  import type { Ed25519MultikeyPair } from '@digitalbazaar/ed25519-multikey';

  export interface DidDocument {
    '@context': string[];
    id: string;
    verificationMethod: Array<{ id: string; type: string; controller: string; publicKeyMultibase: string }>;
    assertionMethod: string[];
    authentication: string[];
    [property: string]: unknown;
  }

  export interface DidKeyDriver {
    use(options: { multibaseMultikeyHeader: string; fromMultibase: (key: object) => Promise<object> }): void;
    fromKeyPair(options: { verificationKeyPair: Ed25519MultikeyPair }): Promise<{
      didDocument: DidDocument;
      methodFor(options: { purpose: string }): Ed25519MultikeyPair & { id: string };
    }>;
    /** A DID gives its document, a DID URL with a fragment gives that verification method. */
    get(options: { did?: string; url?: string }): Promise<Record<string, unknown>>;
  }

  export function driver(): DidKeyDriver;
}

declare module '@digitalbazaar/security-document-loader' {
  import type { DocumentLoader } from '@digitalbazaar/vc';

  export interface SecurityLoader {
    addStatic(url: string, document: object): void;
    setDidResolver(resolver: { get(options: { did?: string; url?: string }): Promise<unknown> }): void;
    build(): DocumentLoader;
  }

  export function securityLoader(): SecurityLoader;
}

declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, object>;
}

declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const constants: { CONTEXT_URL: string };
  export const contexts: Map<string, object>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  import type { DocumentLoader } from '@digitalbazaar/vc';
  export interface BitstringStatusList {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
    context?: string[];
  }): Promise<Record<string, unknown> & { '@context': string[] }>;
  export function checkStatus(options: {
    credential: Record<string, unknown>;
    documentLoader: DocumentLoader;
    suite: object;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; error?: unknown; results?: Array<{ status: boolean }> }>;
}
