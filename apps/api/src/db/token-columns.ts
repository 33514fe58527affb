import { issuerTokens } from './schema/index.js';

/** The token facts a holding or a register is shown and read from the chain with. */
export const tokenColumns = {
  id: issuerTokens.id,
  name: issuerTokens.name,
  symbol: issuerTokens.symbol,
  tokenType: issuerTokens.tokenType,
  blockchain: issuerTokens.blockchain,
  decimals: issuerTokens.decimals,
  totalSupply: issuerTokens.totalSupply,
  contractAddress: issuerTokens.contractAddress,
};

/** A row selected with `tokenColumns`. */
export interface TokenFactsRow {
  id: string;
  name: string;
  symbol: string;
  tokenType: (typeof issuerTokens.$inferSelect)['tokenType'];
  blockchain: (typeof issuerTokens.$inferSelect)['blockchain'];
  decimals: number;
  totalSupply: string;
  contractAddress: string | null;
}
