import { startE2eServer } from './server';

/** Starts the built portal for the whole run; the teardown stops it by its pid. */
export default async function globalSetup(): Promise<void> {
  const { url, dataDir, server } = await startE2eServer();
  process.env.PORTAL_E2E_URL = url;
  process.env.PORTAL_E2E_DATA_DIR = dataDir;
  process.env.PORTAL_E2E_SERVER_PID = String(server.pid);
}
