import { rmSync } from 'node:fs';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server the global setup started (by its pid) and removes its DATA_DIR. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.PORTAL_E2E_SERVER_PID);
  if (pid && running(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (running(pid)) process.kill(pid, 'SIGKILL');
  }
  const dataDir = process.env.PORTAL_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
