import { IPFS_RAW_BLOCK_TYPE, IpfsGatewayParamsSchema, IpfsGatewayQuerySchema } from '@portal/shared/ipfs';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { IpfsIntegrityError, type IpfsPort } from '../../providers/ipfs/ipfs.js';

/**
 * The portal's IPFS gateway for the documents it stores, in the path form of the IPFS HTTP
 * gateway specification. Content is re-hashed before every answer, so altered bytes are refused
 * rather than served; a CID never changes its content, so answers are cached for good.
 */
export function ipfsRoutes(app: App, ipfs: IpfsPort): void {
  app.get(
    '/ipfs/:cid',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['ipfs'],
        summary: 'A stored document by its CID (add ?format=raw for the raw block)',
        params: IpfsGatewayParamsSchema,
        querystring: IpfsGatewayQuerySchema,
      },
    },
    async (request, reply) => {
      const document = await ipfs.get(request.params.cid).catch((error: unknown) => {
        if (error instanceof IpfsIntegrityError) {
          throw new DomainError('INTERNAL', messages.ipfsIntegrityFailed, { cause: error });
        }
        throw error;
      });
      if (!document) throw new DomainError('NOT_FOUND', messages.notFound);

      const rawBlock =
        request.query.format === 'raw' || (request.headers.accept ?? '').includes(IPFS_RAW_BLOCK_TYPE);
      const etag = `"${document.cid}${rawBlock ? '.raw' : ''}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'Accept')
        .header('x-ipfs-path', `/ipfs/${document.cid}`)
        .header('x-ipfs-roots', document.cid)
        // Anyone may fetch and verify a credential; nothing served here may run as the portal.
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if ((request.headers['if-none-match'] ?? '').split(/\s*,\s*/).includes(etag)) {
        return reply.code(304).send();
      }
      return reply
        .type(rawBlock ? IPFS_RAW_BLOCK_TYPE : document.contentType)
        .send(Buffer.from(document.bytes));
    },
  );
}
