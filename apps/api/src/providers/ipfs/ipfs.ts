import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';

/**
 * Content-addressed storage for documents (credentials, designs, token metadata). A document's CID is always
 * computed here: CIDv1, raw codec, sha256 of the exact bytes. It is the CID kubo and Pinata give
 * a file of up to one chunk (256 KiB), hence the size limit.
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

export interface IpfsDocument {
  cid: string;
  contentType: string;
  bytes: Uint8Array;
  /** The user a private document (one with personal data) belongs to; null when public. */
  owner: string | null;
}

export interface AddOptions {
  /**
   * Makes the document private to this user (and admins): it holds personal data, so the gateway
   * serves it to nobody else and it is never pinned to a remote IPFS service.
   */
  owner?: string;
}

export interface IpfsPort {
  /** embedded, or embedded+kubo / embedded+pinata when a remote service also pins. */
  readonly name: string;
  /** Stores the bytes and returns their CID; a remote service, for public ones, must agree on the CID. */
  add(bytes: Uint8Array, contentType: string, options?: AddOptions): Promise<string>;
  /** The document, re-checked against its CID; undefined for an unknown or foreign CID. */
  get(cid: string): Promise<IpfsDocument | undefined>;
  /** The public gateway URL of a document. */
  url(cid: string): string;
}

/** A remote IPFS service that pins a copy; answers the CID it computed for the bytes. */
export interface RemotePinner {
  readonly name: 'kubo' | 'pinata';
  pin(document: Omit<IpfsDocument, 'owner'>): Promise<string>;
}

/** The stored bytes no longer hash to their CID: they were altered and must not be served. */
export class IpfsIntegrityError extends Error {
  constructor(readonly cid: string) {
    super(`Stored bytes of ${cid} do not hash to their CID`);
    this.name = 'IpfsIntegrityError';
  }
}

/** A remote service failed, or computed another CID for our bytes. */
export class IpfsPinError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IpfsPinError';
  }
}

export async function cidOf(bytes: Uint8Array): Promise<string> {
  return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
}

/**
 * The canonical (base32) form of a CID this store can hold: v1, raw codec, sha256. Other
 * encodings of the same CID (base58btc, base36) are accepted; anything else is undefined.
 */
export function canonicalCid(text: string): string | undefined {
  let cid: CID;
  try {
    cid = CID.parse(text);
  } catch {
    return undefined;
  }
  if (cid.version !== 1 || cid.code !== raw.code || cid.multihash.code !== sha256.code) return undefined;
  return cid.toString();
}

export async function hashesTo(bytes: Uint8Array, cid: string): Promise<boolean> {
  return (await cidOf(bytes)) === cid;
}

const MEDIA_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*(; ?charset=utf-8)?$/;

export function assertStorable(bytes: Uint8Array, contentType: string): void {
  if (bytes.length === 0 || bytes.length > MAX_DOCUMENT_BYTES) {
    throw new RangeError(`A document must hold 1 to ${MAX_DOCUMENT_BYTES} bytes, not ${bytes.length}`);
  }
  if (!MEDIA_TYPE.test(contentType)) throw new TypeError(`Not a media type: ${contentType}`);
}
