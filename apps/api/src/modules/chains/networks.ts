import type { ChainFamily } from '@portal/shared/chain-families';

/** What the marketplace says about where a token lives (docs/product.md §2.8: network and environment). */
export interface NetworkInfo {
  network: string;
  environment: string;
}

/** One chain engine as the marketplace and issuer console see it. */
export interface ChainEngine {
  readonly family: ChainFamily;
  readonly info: NetworkInfo;
  explorerAddressUrl(address: string): string;
  explorerTxUrl(hash: string): string;
}

/**
 * The chains the portal can settle on (docs/architecture.md, "Chains"): Ethereum and Solana have engines;
 * a token on any other family cannot be created.
 */
export class Networks {
  private readonly engines = new Map<ChainFamily, ChainEngine>();

  constructor(engines: ChainEngine[]) {
    for (const engine of engines) this.engines.set(engine.family, engine);
  }

  has(family: ChainFamily): boolean {
    return this.engines.has(family);
  }

  engine(family: ChainFamily): ChainEngine {
    const engine = this.engines.get(family);
    if (!engine) throw new Error(`No engine for ${family}`);
    return engine;
  }

  info(family: ChainFamily): NetworkInfo {
    return this.engines.get(family)?.info ?? { network: 'unknown', environment: 'unknown' };
  }

  explorerAddressUrl(family: ChainFamily, address: string | null): string | null {
    return address ? (this.engines.get(family)?.explorerAddressUrl(address) ?? null) : null;
  }

  explorerTxUrl(family: ChainFamily, hash: string | null): string | null {
    return hash ? (this.engines.get(family)?.explorerTxUrl(hash) ?? null) : null;
  }
}
