import { requestsRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';

export const callWaiter = (token: string) => call(requestsRoutes.callWaiter, { body: { token } });
