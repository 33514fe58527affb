import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sbt } from '@portal/shared/sbt';
import { api } from '../../../lib/api-client';
import { storeSbt } from './list-sbts';

export interface SbtCreated {
  success: true;
  message?: string;
  sbt: Sbt;
}

/** POST /api/sbt/create {selectedImageId}. */
export function createSbt(selectedImageId: string): Promise<SbtCreated> {
  return api.post<SbtCreated>('/sbt/create', { selectedImageId });
}

/** `onCreated` runs even if the caller's dialog closed meanwhile (the list now holds the SBT). */
export function useCreateSbt(onCreated?: (created: SbtCreated) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSbt,
    onSuccess: (data) => {
      storeSbt(queryClient, data.sbt);
      onCreated?.(data);
    },
  });
}
