import { IPFS_RAW_BLOCK_TYPE, IpfsGatewayParamsSchema, IpfsGatewayQuerySchema } from '@portal/shared/ipfs';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { IpfsIntegrityError } from '../../providers/ipfs/ipfs.js';
import type { CredentialsService } from '../credentials/credentials.service.js';

/**
 * The portal's IPFS gateway for the documents it stores, in the path form of the IPFS HTTP
 * gateway specification. Content is re-hashed before every answer, so altered bytes are refused
 * rather than served; a CID never changes its content, so public answers are cached for good.
 * A private document (a credential: personal data) is served only to its subject and admins,
 * never cached, never to another origin; to anyone else it does not exist.
 */
export function ipfsRoutes(app: App, credentials: Pick<CredentialsService, 'readable'>): void {
  app.get(
    '/ipfs/:cid',
    {
      config: { policy: 'public', identify: true, conditional: true },
      schema: {
        tags: ['ipfs'],
        summary: 'A stored document by its CID (add ?format=raw for the raw block)',
        params: IpfsGatewayParamsSchema,
        querystring: IpfsGatewayQuerySchema,
      },
    },
    async (request, reply) => {
      const document = await credentials
        .readable(request.params.cid, request.auth)
        .catch((error: unknown) => {
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
        .header('vary', 'Accept')
        .header('x-ipfs-path', `/ipfs/${document.cid}`)
        .header('x-ipfs-roots', document.cid)
        // Nothing served here may run as the portal, be framed, or rebase its links.
        .header(
          'content-security-policy',
          "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
        );
      if (document.owner) {
        reply
          .header('cache-control', 'private, no-store')
          .header('cross-origin-resource-policy', 'same-origin');
      } else {
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin');
      }
      if ((request.headers['if-none-match'] ?? '').split(/\s*,\s*/).includes(etag)) {
        return reply.code(304).send();
      }
      return reply
        .type(rawBlock ? IPFS_RAW_BLOCK_TYPE : document.contentType)
        .send(Buffer.from(document.bytes));
    },
  );
}
