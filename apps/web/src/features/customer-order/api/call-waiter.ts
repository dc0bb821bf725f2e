import type { GuestRequestResult } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';

export const callWaiter = (token: string) =>
  apiRequest<GuestRequestResult>('/api/tables/public/call-waiter', {
    method: 'POST',
    body: { token },
    auth: false,
  });
