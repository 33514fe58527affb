import { createHmac, randomBytes } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';

/** The SecretStore name of the seed every platform Solana key is derived from. */
export const SOLANA_PLATFORM_SEED = 'solana.platform-seed';

export const newPlatformSeed = (): Buffer => randomBytes(32);

/**
 * The platform's Solana keys, each derived from one secret seed (kept envelope-encrypted) by
 * HMAC-SHA256 with a label: the fee payer, one escrow owner per listing, and the mint account of
 * each createMint key (so a re-signed createMint creates the same mint). Nothing to store per key.
 */
export class PlatformKeys {
  private readonly cache = new Map<string, Promise<KeyPairSigner>>();

  constructor(private readonly seed: Buffer) {}

  feePayer(): Promise<KeyPairSigner> {
    return this.derive('fee-payer');
  }

  escrow(escrowId: string): Promise<KeyPairSigner> {
    return this.derive(`escrow:${escrowId}`);
  }

  mint(key: string): Promise<KeyPairSigner> {
    return this.derive(`mint:${key}`);
  }

  private derive(label: string): Promise<KeyPairSigner> {
    let signer = this.cache.get(label);
    if (!signer) {
      const bytes = createHmac('sha256', this.seed).update(label).digest();
      signer = createKeyPairSignerFromPrivateKeyBytes(bytes).finally(() => bytes.fill(0));
      // Escrow and mint keys are many; only the fee payer is worth keeping.
      if (label === 'fee-payer') this.cache.set(label, signer);
    }
    return signer;
  }
}
