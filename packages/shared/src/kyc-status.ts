import { z } from 'zod';

/** The portal's KYC state for an investor (ADR 8). */
export const KYC_STATUSES = ['not_started', 'pending', 'verified', 'rejected', 'rejected_final'] as const;
export const KycStatusSchema = z.enum(KYC_STATUSES).meta({ id: 'KycStatus' });
export type KycStatus = z.infer<typeof KycStatusSchema>;
