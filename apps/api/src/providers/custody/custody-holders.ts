import { and, eq } from 'drizzle-orm';
import type { CustodyAssetId } from '@portal/shared/vault';
import type { DbOrTx } from '../../db/client.js';
import { kycApplicants, vaultWallets, vaults } from '../../db/schema/index.js';
import type { CustodyPort } from './custody.js';

/**
 * Custody vaults as the signers of a ledger the portal builds transactions for (the XRP Ledger,
 * Stellar): a vault's address on that ledger (derived with the others) signs through the custody
 * provider, which checks that its key controls that address; and who may hold a token there.
 */
export class CustodyHolders {
  constructor(
    protected readonly db: DbOrTx,
    protected readonly custody: CustodyPort,
  ) {}

  /** The provider's id of the active vault whose `assetId` wallet is `address`. */
  protected async vaultIdOf(assetId: CustodyAssetId, address: string): Promise<string> {
    const [row] = await this.db
      .select({ providerVaultId: vaults.providerVaultId })
      .from(vaultWallets)
      .innerJoin(vaults, eq(vaults.id, vaultWallets.vaultId))
      .where(
        and(
          eq(vaultWallets.assetId, assetId),
          eq(vaultWallets.address, address),
          eq(vaults.status, 'active'),
          eq(vaults.provider, this.custody.name),
        ),
      );
    const vaultId = row?.providerVaultId;
    if (!vaultId) throw new Error(`No custody vault holds the ${assetId} address ${address}`);
    return vaultId;
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
