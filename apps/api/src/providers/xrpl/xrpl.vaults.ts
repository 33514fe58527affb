import { CustodyHolders } from '../custody/custody-holders.js';
import type { XrplSigner } from './xrpl.js';

/** Custody vaults as XRP Ledger signers: the vault's XRP address (XRP_TEST) signs through custody. */
export class XrplVaults extends CustodyHolders {
  /** The active vault whose XRP wallet is `address`. */
  async signer(address: string): Promise<XrplSigner> {
    const vaultId = await this.vaultIdOf('XRP_TEST', address);
    return {
      address,
      sign: (transaction) => this.custody.signXrplTransaction(vaultId, { address, transaction }),
    };
  }
}
