import type { PublicLookupBody, PublicLookupResult, PublicRequestCreated } from '@qlcv/common/schemas/public-requests';
import type { PublicRequestType } from '@qlcv/common/schemas/request-types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/public/request-types: the active public types, for the form's picker. */
export function usePublicRequestTypes() {
  return useQuery({
    queryKey: queryKeys.public.requestTypes(),
    queryFn: () => api.get<PublicRequestType[]>('/api/public/request-types', { display: 'ignore' }),
    staleTime: 5 * 60_000,
  });
}

export interface PublicRequestInput {
  request_type_id: number;
  name: string;
  mobile: string;
  email?: string;
  organization?: string;
  address?: string;
  title: string;
  content: string;
  consent: boolean;
  /** The honeypot, left empty by people. */
  website?: string;
  files: File[];
}

/** POST /api/public/requests as multipart; the key makes a repeated click answer like the first. */
export function submitPublicRequest(input: PublicRequestInput, idempotencyKey: string): Promise<PublicRequestCreated> {
  const { files, ...fields } = input;
  return api.upload<PublicRequestCreated>(
    '/api/public/requests',
    { ...fields, files },
    { headers: { 'Idempotency-Key': idempotencyKey }, display: 'ignore' },
  );
}

export function useSubmitPublicRequest(idempotencyKey: string) {
  return useMutation({ mutationFn: (input: PublicRequestInput) => submitPublicRequest(input, idempotencyKey) });
}

/** POST /api/public/requests/lookup: the page shows its own not-found and rate-limited states. */
export function lookupPublicRequest(body: PublicLookupBody): Promise<PublicLookupResult> {
  return api.post<PublicLookupResult>('/api/public/requests/lookup', body, { display: 'ignore' });
}

export function useLookupPublicRequest() {
  return useMutation({ mutationFn: lookupPublicRequest });
}
