import { assertStorable, canonicalCid, cidOf, hashesTo, IpfsIntegrityError, IpfsPinError } from './ipfs.js';
import type { AddOptions, IpfsDocument, IpfsPort, RemotePinner } from './ipfs.js';
import type { IpfsRepo } from './ipfs.repo.js';

/**
 * No IPFS node: the bytes live in the database under their CID and the portal's own gateway
 * serves them. With a remote pinner (kubo, Pinata) a copy of each public document is also pinned
 * on the IPFS network, and the add fails unless the service computed the very same CID. Private
 * documents never leave the database: IPFS cannot forget what it was given.
 */
export class EmbeddedIpfs implements IpfsPort {
  readonly name: string;

  constructor(
    private readonly repo: IpfsRepo,
    private readonly gatewayUrl: string,
    private readonly pinner?: RemotePinner,
  ) {
    this.name = pinner ? `embedded+${pinner.name}` : 'embedded';
  }

  async add(bytes: Uint8Array, contentType: string, options: AddOptions = {}): Promise<string> {
    assertStorable(bytes, contentType);
    const cid = await cidOf(bytes);
    const pinner = options.owner ? undefined : this.pinner;
    if (pinner) {
      const answered = await pinner.pin({ cid, contentType, bytes });
      if (canonicalCid(answered) !== cid) {
        throw new IpfsPinError(`${pinner.name} computed CID ${answered} for a document whose CID is ${cid}`);
      }
    }
    await this.repo.insert({
      cid,
      contentType,
      size: bytes.length,
      bytes,
      pinnedBy: pinner?.name ?? null,
      ownerUserId: options.owner ?? null,
    });
    return cid;
  }

  async get(cid: string): Promise<IpfsDocument | undefined> {
    const canonical = canonicalCid(cid);
    const row = canonical ? await this.repo.find(canonical) : undefined;
    if (!canonical || !row) return undefined;
    const bytes = new Uint8Array(row.bytes);
    if (!(await hashesTo(bytes, canonical))) throw new IpfsIntegrityError(canonical);
    return { cid: canonical, contentType: row.contentType, bytes, owner: row.ownerUserId };
  }

  url(cid: string): string {
    return `${this.gatewayUrl}/${cid}`;
  }
}
