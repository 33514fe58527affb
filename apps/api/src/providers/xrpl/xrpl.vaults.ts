import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { kycApplicants, vaultWallets, vaults } from '../../db/schema/index.js';
import type { CustodyPort } from '../custody/custody.js';
import type { XrplSigner } from './xrpl.js';

/**
 * Custody vaults as XRP Ledger signers: a vault's XRP address (XRP_TEST, derived with the others)
 * signs through the custody provider, which checks that its key controls that address.
 */
export class XrplVaults {
  constructor(
    private readonly db: DbOrTx,
    private readonly custody: CustodyPort,
  ) {}

  /** The active vault whose XRP wallet is `address`. */
  async signer(address: string): Promise<XrplSigner> {
    const [row] = await this.db
      .select({ providerVaultId: vaults.providerVaultId })
      .from(vaultWallets)
      .innerJoin(vaults, eq(vaults.id, vaultWallets.vaultId))
      .where(
        and(
          eq(vaultWallets.assetId, 'XRP_TEST'),
          eq(vaultWallets.address, address),
          eq(vaults.status, 'active'),
          eq(vaults.provider, this.custody.name),
        ),
      );
    const vaultId = row?.providerVaultId;
    if (!vaultId) throw new Error(`No custody vault holds the XRP address ${address}`);
    return {
      address,
      sign: (transaction) => this.custody.signXrplTransaction(vaultId, { address, transaction }),
    };
  }

  /**
   * Whether the platform may authorise the user as a holder: verified by KYC, the purchase
   * rule (docs/product.md); checked again here because an authorisation outlives the purchase.
   */
  async eligible(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ status: kycApplicants.status })
      .from(kycApplicants)
      .where(eq(kycApplicants.userId, userId));
    return row?.status === 'verified';
  }
}
