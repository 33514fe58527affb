import { z } from 'zod';
import {
  addressAnswer,
  cidAnswer,
  decimalAnswer,
  LABEL_MAX,
  linkAnswer,
  MESSAGE_MAX,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
  UNPAGED_LIST_MAX,
} from './bounds.js';
import { messages } from './messages.js';

/** Soul-bound tokens (docs/product.md §2.7, §3, §5, §7): one per account, minted to the vault's ETH address. */

/** A design's id, as the create request accepts it. */
const DESIGN_ID_MAX = 64;

export const SbtImageSchema = z
  .object({
    id: textAnswer(DESIGN_ID_MAX),
    name: textAnswer(LABEL_MAX),
    url: linkAnswer(),
    description: textAnswer(MESSAGE_MAX),
  })
  .meta({ id: 'SbtImage' });
export type SbtImage = z.infer<typeof SbtImageSchema>;

export const SbtImagesResponseSchema = z
  // The designs of sbt.designs.ts (a handful).
  .object({ success: z.literal(true), images: z.array(SbtImageSchema).max(100) })
  .meta({ id: 'SbtImagesResponse' });

export const SBT_STATUSES = ['created', 'minting', 'minted', 'failed', 'revoked'] as const;
export type SbtStatus = (typeof SBT_STATUSES)[number];

export const SbtSchema = z
  .object({
    id: z.uuid(),
    imageId: textAnswer(DESIGN_ID_MAX),
    imageUrl: linkAnswer(),
    name: textAnswer(LABEL_MAX),
    status: z.enum(SBT_STATUSES),
    minted: z.boolean(),
    txHash: txHashAnswer().nullable(),
    /** A uint256 in decimal. */
    tokenId: decimalAnswer().nullable(),
    contractAddress: addressAnswer().nullable(),
    holderAddress: addressAnswer(),
    explorerUrl: linkAnswer().nullable(),
    vcCid: cidAnswer.nullable(),
    vcUrl: linkAnswer().nullable(),
    /** One of messages.ts (the mint job records no outside text). */
    error: textAnswer(MESSAGE_MAX).nullable(),
    createdAt: timestampAnswer,
    mintedAt: timestampAnswer.nullable(),
  })
  .meta({ id: 'Sbt' });
export type Sbt = z.infer<typeof SbtSchema>;

export const SbtCreateRequestSchema = z
  .strictObject({
    selectedImageId: z
      .string({ error: messages.sbtSelectDesign })
      .trim()
      .min(1, messages.sbtSelectDesign)
      .max(DESIGN_ID_MAX, messages.sbtUnknownDesign),
  })
  .meta({ id: 'SbtCreateRequest' });

export const SbtMintRequestSchema = z
  .strictObject({ sbtId: z.uuid({ error: messages.sbtNotFound }) })
  .meta({ id: 'SbtMintRequest' });

export const SbtIdParamsSchema = z.object({ id: z.uuid({ error: messages.sbtNotFound }) });

export const SbtResponseSchema = z
  .object({ success: z.literal(true), message: textAnswer(MESSAGE_MAX).optional(), sbt: SbtSchema })
  .meta({ id: 'SbtResponse' });

export const SbtListResponseSchema = z
  // One live token per account, and the revoked ones before it: not capped, far below this.
  .object({ success: z.literal(true), sbts: z.array(SbtSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'SbtListResponse' });

/** docs/product.md §4.5: the display status of an SBT. */
export function sbtDisplayStatus(
  sbt: Pick<Sbt, 'minted'>,
): 'Minted on Blockchain' | 'Created (Pending Mint)' {
  return sbt.minted ? 'Minted on Blockchain' : 'Created (Pending Mint)';
}
