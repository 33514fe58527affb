import { z } from 'zod';
import { messages } from './messages.js';

/** Soul-bound tokens (docs/product.md §2.7, §3, §5, §7): one per account, minted to the vault's ETH address. */

export const SbtImageSchema = z
  .object({ id: z.string(), name: z.string(), url: z.string(), description: z.string() })
  .meta({ id: 'SbtImage' });
export type SbtImage = z.infer<typeof SbtImageSchema>;

export const SbtImagesResponseSchema = z
  .object({ success: z.literal(true), images: z.array(SbtImageSchema) })
  .meta({ id: 'SbtImagesResponse' });

export const SBT_STATUSES = ['created', 'minting', 'minted', 'failed', 'revoked'] as const;
export type SbtStatus = (typeof SBT_STATUSES)[number];

export const SbtSchema = z
  .object({
    id: z.uuid(),
    imageId: z.string(),
    imageUrl: z.string(),
    name: z.string(),
    status: z.enum(SBT_STATUSES),
    minted: z.boolean(),
    txHash: z.string().nullable(),
    tokenId: z.string().nullable(),
    contractAddress: z.string().nullable(),
    holderAddress: z.string(),
    explorerUrl: z.string().nullable(),
    vcCid: z.string().nullable(),
    vcUrl: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    mintedAt: z.string().nullable(),
  })
  .meta({ id: 'Sbt' });
export type Sbt = z.infer<typeof SbtSchema>;

export const SbtCreateRequestSchema = z
  .strictObject({
    selectedImageId: z
      .string({ error: messages.sbtSelectDesign })
      .trim()
      .min(1, messages.sbtSelectDesign)
      .max(64, messages.sbtUnknownDesign),
  })
  .meta({ id: 'SbtCreateRequest' });

export const SbtMintRequestSchema = z
  .strictObject({ sbtId: z.uuid({ error: messages.sbtNotFound }) })
  .meta({ id: 'SbtMintRequest' });

export const SbtIdParamsSchema = z.object({ id: z.uuid({ error: messages.sbtNotFound }) });

export const SbtResponseSchema = z
  .object({ success: z.literal(true), message: z.string().optional(), sbt: SbtSchema })
  .meta({ id: 'SbtResponse' });

export const SbtListResponseSchema = z
  .object({ success: z.literal(true), sbts: z.array(SbtSchema) })
  .meta({ id: 'SbtListResponse' });

/** docs/product.md §4.5: the display status of an SBT. */
export function sbtDisplayStatus(
  sbt: Pick<Sbt, 'minted'>,
): 'Minted on Blockchain' | 'Created (Pending Mint)' {
  return sbt.minted ? 'Minted on Blockchain' : 'Created (Pending Mint)';
}
