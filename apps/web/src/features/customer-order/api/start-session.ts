import type { StartedSession } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';

/** Spec §7: opens (or joins) the table's dining session when the page loads. */
export const startSession = (token: string) =>
  apiRequest<StartedSession>('/api/sessions/public/start', {
    method: 'POST',
    body: { token, customerCount: 1 },
    auth: false,
  });
