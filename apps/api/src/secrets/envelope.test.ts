import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, MasterKey } from './envelope.js';

const key = () => new MasterKey(randomBytes(32));

describe('envelope encryption', () => {
  it('round-trips and never holds the plaintext', () => {
    const master = key();
    const secret = Buffer.from('abandon abandon abandon about');
    const sealed = master.seal(secret, 'vault|1');
    expect(JSON.stringify(sealed)).not.toContain(secret.toString('base64'));
    expect(master.open(sealed, 'vault|1')).toEqual(secret);
  });

  it('fails with the wrong master key', () => {
    const sealed = key().seal(Buffer.from('x'), 'row|1');
    expect(() => key().open(sealed, 'row|1')).toThrow(EnvelopeError);
  });

  it('fails when the ciphertext is moved to another row (AAD binding)', () => {
    const master = key();
    const sealed = master.seal(Buffer.from('x'), 'row|1');
    expect(() => master.open(sealed, 'row|2')).toThrow('Decryption failed');
  });

  it('fails when one bit of the ciphertext or the tag changes', () => {
    const master = key();
    const sealed = master.seal(Buffer.from('some secret value'), 'row|1');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0]! ^= 1;
      return bytes.toString('base64');
    };
    expect(() => master.open({ ...sealed, ciphertext: flip(sealed.ciphertext) }, 'row|1')).toThrow(
      EnvelopeError,
    );
    expect(() => master.open({ ...sealed, tag: flip(sealed.tag) }, 'row|1')).toThrow(EnvelopeError);
    expect(() => master.open({ ...sealed, wrappedKey: flip(sealed.wrappedKey) }, 'row|1')).toThrow(
      EnvelopeError,
    );
  });

  it('uses a fresh data key and IV every time', () => {
    const master = key();
    const a = master.seal(Buffer.from('same'), 'r');
    const b = master.seal(Buffer.from('same'), 'r');
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
  });
});
