import { z } from 'zod';

export const WalletSchema = z.object({ assetId: z.string(), address: z.string() }).meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof WalletSchema>;
