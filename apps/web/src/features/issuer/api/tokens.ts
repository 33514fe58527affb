import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IssuerTokenResponseSchema,
  IssuerTokensResponseSchema,
  type CreateTokenRequest,
  type IssuerToken,
} from '@portal/shared/issuer';
import { api } from '../../../lib/api-client';

export const issuerTokensQueryKey = ['issuer', 'tokens'] as const;

/** How often the list is asked again while a token is still being deployed. */
export const DEPLOY_POLL_MS = 2000;

const deploying = (token: IssuerToken) => token.status === 'CREATING' || token.status === 'DEPLOYING';

/** GET /api/issuer/tokens: the issuer's own tokens. */
export async function fetchIssuerTokens(): Promise<IssuerToken[]> {
  return IssuerTokensResponseSchema.parse(await api.get('/issuer/tokens')).tokens;
}

export function useIssuerTokens() {
  return useQuery({
    queryKey: issuerTokensQueryKey,
    queryFn: fetchIssuerTokens,
    // Deployment runs as a job: the list follows it until every token is DEPLOYED or FAILED.
    refetchInterval: (query) => (query.state.data?.some(deploying) ? DEPLOY_POLL_MS : false),
  });
}

/** POST /api/issuer/tokens: 201 with the token CREATING; a job deploys it. */
export async function createToken(input: CreateTokenRequest): Promise<IssuerToken> {
  return IssuerTokenResponseSchema.parse(await api.post('/issuer/tokens', input)).token;
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: (token) => {
      queryClient.setQueryData<IssuerToken[]>(issuerTokensQueryKey, (list = []) => [token, ...list]);
      void queryClient.invalidateQueries({ queryKey: issuerTokensQueryKey });
    },
  });
}
