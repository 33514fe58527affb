import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';

/** npm run reconcile: prints what the books and the chains disagree on; exit code 1 if anything. */
async function main(): Promise<number> {
  const app = await buildApp({ ...loadConfig(), logLevel: 'warn' });
  try {
    const report = await app.container.reconcile.run();
    console.log(
      `Checked ${report.listings} listings, ${report.holdings} holdings, ${report.identities} identities, ${report.sbts} SBTs and ${report.faucetGrants} faucet grants, ${report.distributionBatches} distribution batches, ${report.redemptions} redemption requests, ${report.transfers} transfers, ${report.secondaryOrders} secondary market orders and ${report.secondaryFills} fills.`,
    );
    for (const problem of report.problems) console.log(`MISMATCH ${problem}`);
    console.log(
      report.problems.length === 0 ? 'Books and chains agree.' : `${report.problems.length} mismatches.`,
    );
    return report.problems.length === 0 ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error,
    );
    process.exit(2);
  },
);
