import { base64UploadLength } from '@portal/shared/fields';
import { DomainError } from './errors.js';

/**
 * Files uploaded as base64 in JSON (the API's only body format): the profile picture, the KYC
 * sandbox's document, KYB business documents. The type is told by the file's first bytes (its
 * magic number); what the browser declares is only a claim, and must agree with them.
 */

export type SniffedContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WEBP_RIFF = Buffer.from('RIFF', 'latin1');
const WEBP_TAG = Buffer.from('WEBP', 'latin1');
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** The file's type by its first bytes, or undefined when it is none of the types we accept anywhere. */
export function sniffContentType(bytes: Buffer): SniffedContentType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.subarray(0, 4).equals(WEBP_RIFF) && bytes.subarray(8, 12).equals(WEBP_TAG)) return 'image/webp';
  if (bytes.subarray(0, 5).equals(PDF_MAGIC)) return 'application/pdf';
  return undefined;
}

/** The body limit of a route taking one base64 file of at most `maxBytes`, with room for the JSON around it. */
export function base64BodyLimit(maxBytes: number): number {
  return base64UploadLength(maxBytes);
}

export interface UploadRules<T extends string> {
  /** The types this upload accepts. */
  allowed: readonly T[];
  maxBytes: number;
  /** 413 when the decoded file is larger than `maxBytes`. */
  tooLarge: string;
  /** 415 when the content is not an allowed type, or not the declared one. */
  unsupported: string;
  /** 400 for an empty file; without it an empty file is simply of no supported type. */
  unreadable?: string;
}

/** Decodes an upload and checks its size and its type by content; throws the caller's messages. */
export function readUpload<T extends string>(
  upload: { contentType: string; data: string },
  rules: UploadRules<T>,
): { contentType: T; bytes: Buffer } {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0 && rules.unreadable) throw new DomainError('VALIDATION_ERROR', rules.unreadable);
  if (bytes.length > rules.maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', rules.tooLarge);
  const sniffed = sniffContentType(bytes);
  if (!sniffed || sniffed !== upload.contentType || !(rules.allowed as readonly string[]).includes(sniffed)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', rules.unsupported);
  }
  return { contentType: sniffed as T, bytes };
}
