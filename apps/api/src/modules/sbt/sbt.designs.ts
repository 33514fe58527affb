import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SbtImage } from '@portal/shared/sbt';
import type { IpfsPort } from '../../providers/ipfs/ipfs.js';

const designsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sbt');

/** The SBT designs shipped with the portal (apps/api/assets/sbt). */
const DESIGNS = [
  { id: 'aurora', name: 'Aurora', description: 'Concentric rings over a northern-lights gradient.' },
  { id: 'sentinel', name: 'Sentinel', description: 'A gold shield and check mark for a verified investor.' },
  { id: 'prism', name: 'Prism', description: 'Light split into colour: one identity, many assets.' },
  { id: 'evergreen', name: 'Evergreen', description: 'A long-term holder’s emblem in deep greens.' },
  { id: 'nebula', name: 'Nebula', description: 'A ringed planet in a violet night sky.' },
] as const;

/**
 * The design images are published on IPFS like the credentials, so an SBT's image and its
 * credential are both content-addressed. Adding is idempotent: the same bytes, the same CID.
 */
export async function publishDesigns(ipfs: IpfsPort): Promise<SbtImage[]> {
  return Promise.all(
    DESIGNS.map(async (design) => {
      const bytes = await readFile(path.join(designsDir, `${design.id}.svg`));
      const cid = await ipfs.add(bytes, 'image/svg+xml');
      return { ...design, url: ipfs.url(cid) };
    }),
  );
}
