import { rmSync } from 'node:fs';
import { CSP_EVIDENCE_FILE } from './fixtures';
import { startE2eServer } from './server';

/** Starts the built portal for the whole run; the teardown stops it by its pid. */
export default async function globalSetup(): Promise<void> {
  // The fixtures append this run's CSP figures, one line per test.
  rmSync(CSP_EVIDENCE_FILE, { force: true });
  const { url, dataDir, server } = await startE2eServer();
  process.env.PORTAL_E2E_URL = url;
  process.env.PORTAL_E2E_DATA_DIR = dataDir;
  process.env.PORTAL_E2E_SERVER_PID = String(server.pid);
}
