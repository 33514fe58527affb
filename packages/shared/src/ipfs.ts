import { z } from 'zod';
import { messages } from './messages.js';

/** The media type of a raw IPFS block (trustless gateway specification). */
export const IPFS_RAW_BLOCK_TYPE = 'application/vnd.ipld.raw';

// A CID is parsed (and rejected with a 404) by the gateway itself; this only bounds the input.
export const IpfsGatewayParamsSchema = z.object({ cid: z.string().min(1).max(200) });

/** Other query parameters are ignored, as public gateways do. */
export const IpfsGatewayQuerySchema = z.object({
  format: z.enum(['raw'], { error: messages.ipfsFormatUnsupported }).optional(),
});
