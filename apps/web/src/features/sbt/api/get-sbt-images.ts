import { useQuery } from '@tanstack/react-query';
import type { SbtImage } from '@portal/shared/sbt';
import { api } from '../../../lib/api-client';

/** GET /api/sbt/images: the designs (templates) an SBT can be created with. */
export async function fetchSbtImages(): Promise<SbtImage[]> {
  return (await api.get<{ success: true; images: SbtImage[] }>('/sbt/images')).images;
}

export function useSbtImages() {
  // The designs ship with the portal: they do not change while the page is open.
  return useQuery({ queryKey: ['sbt', 'images'], queryFn: fetchSbtImages, staleTime: Infinity });
}
