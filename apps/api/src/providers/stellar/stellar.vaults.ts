import { CustodyHolders } from '../custody/custody-holders.js';
import type { StellarSigner } from './stellar.js';

/** Custody vaults as Stellar signers: the vault's XLM address (XLM_TEST, SEP-0005) signs through custody. */
export class StellarVaults extends CustodyHolders {
  /** The active vault whose XLM wallet is `address`. */
  async signer(address: string): Promise<StellarSigner> {
    const vaultId = await this.vaultIdOf('XLM_TEST', address);
    return {
      address,
      sign: async (envelopeXdr, networkPassphrase) =>
        (await this.custody.signStellarTransaction(vaultId, { address, networkPassphrase, envelopeXdr }))
          .envelopeXdr,
    };
  }
}
