import { IpfsPinError, type IpfsDocument, type RemotePinner } from './ipfs.js';
import { filePart, postForm } from './remote-service.js';

/**
 * Pinata's v3 upload API, on its public IPFS network. The file upload keeps our exact bytes
 * (the legacy pinJSONToIPFS re-serialises JSON, so its CID would not be ours).
 */
export class PinataPinner implements RemotePinner {
  readonly name = 'pinata';

  constructor(
    private readonly jwt: string,
    private readonly uploadUrl: string,
  ) {}

  async pin(document: Omit<IpfsDocument, 'owner'>): Promise<string> {
    const form = new FormData();
    form.append('file', filePart(document.bytes, document.contentType), document.cid);
    form.append('network', 'public');
    form.append('name', document.cid);
    const answer = (await postForm('pinata', this.uploadUrl, form, {
      authorization: `Bearer ${this.jwt}`,
    })) as { data?: { cid?: unknown } };
    if (typeof answer.data?.cid !== 'string') throw new IpfsPinError('pinata answered without data.cid');
    return answer.data.cid;
  }
}
