import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope encryption (OWASP Cryptographic Storage): each value gets its own random data key
 * (AES-256-GCM); the data key is wrapped by the master key. The AAD binds the ciphertext to the
 * row it belongs to, so a ciphertext copied into another row fails to open.
 */
export interface Envelope {
  v: 1;
  kid: string;
  wrappedKey: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

interface Sealed {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function gcmSeal(key: Buffer, plaintext: Buffer, aad: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function gcmOpen(key: Buffer, sealed: Sealed, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

export class MasterKey {
  readonly kid: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new EnvelopeError('The master key must be 32 bytes');
    this.kid = createHash('sha256').update(key).digest('hex').slice(0, 16);
  }

  seal(plaintext: Buffer, aad: string): Envelope {
    const dataKey = randomBytes(32);
    try {
      const wrapped = gcmSeal(this.key, dataKey, `dek|${aad}`);
      const body = gcmSeal(dataKey, plaintext, aad);
      return {
        v: 1,
        kid: this.kid,
        wrappedKey: Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext]).toString('base64'),
        iv: body.iv.toString('base64'),
        ciphertext: body.ciphertext.toString('base64'),
        tag: body.tag.toString('base64'),
      };
    } finally {
      dataKey.fill(0);
    }
  }

  open(envelope: Envelope, aad: string): Buffer {
    if (envelope.v !== 1) throw new EnvelopeError('Unknown envelope version');
    if (envelope.kid !== this.kid) throw new EnvelopeError('Sealed under a different master key');
    const wrapped = Buffer.from(envelope.wrappedKey, 'base64');
    try {
      const dataKey = gcmOpen(
        this.key,
        { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), ciphertext: wrapped.subarray(28) },
        `dek|${aad}`,
      );
      try {
        return gcmOpen(
          dataKey,
          {
            iv: Buffer.from(envelope.iv, 'base64'),
            ciphertext: Buffer.from(envelope.ciphertext, 'base64'),
            tag: Buffer.from(envelope.tag, 'base64'),
          },
          aad,
        );
      } finally {
        dataKey.fill(0);
      }
    } catch (error) {
      if (error instanceof EnvelopeError) throw error;
      throw new EnvelopeError('Decryption failed: wrong key, wrong row, or tampered ciphertext');
    }
  }

  /** Compact string form for a single column. */
  sealToString(plaintext: Buffer, aad: string): string {
    return Buffer.from(JSON.stringify(this.seal(plaintext, aad))).toString('base64url');
  }

  openString(sealed: string, aad: string): Buffer {
    return this.open(JSON.parse(Buffer.from(sealed, 'base64url').toString('utf8')) as Envelope, aad);
  }
}
