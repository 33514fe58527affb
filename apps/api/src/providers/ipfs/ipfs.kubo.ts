import { IpfsPinError, type IpfsDocument, type RemotePinner } from './ipfs.js';
import { filePart, postForm } from './remote-service.js';

/**
 * A self-hosted kubo node through its RPC API (never expose that API publicly). `block/put`
 * with the raw codec and sha256 stores exactly our block, whatever the node's chunker settings.
 */
export class KuboPinner implements RemotePinner {
  readonly name = 'kubo';

  constructor(private readonly apiUrl: string) {}

  async pin(document: Omit<IpfsDocument, 'owner'>): Promise<string> {
    const form = new FormData();
    form.append('file', filePart(document.bytes, 'application/octet-stream'), document.cid);
    const answer = (await postForm(
      'kubo',
      `${this.apiUrl}/api/v0/block/put?cid-codec=raw&mhtype=sha2-256&pin=true`,
      form,
    )) as { Key?: unknown };
    if (typeof answer.Key !== 'string') throw new IpfsPinError('kubo answered without a Key');
    return answer.Key;
  }
}
