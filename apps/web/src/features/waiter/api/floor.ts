import type { TableNotificationType } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface FloorOrder {
  id: string;
  orderNumber: number;
  status: string;
  total: number;
  createdAt: string;
  items: { name: string; quantity: number }[];
}

export interface FloorTable {
  id: string;
  number: number;
  capacity: number;
  status: 'available' | 'active' | 'waiting_payment' | 'needs_attention' | 'maintenance';
  customerCount: number;
  assignedWaiter: { id: string; name: string } | null;
  sessionId: string | null;
  sessionStart: string | null;
  currentOrder: FloorOrder | null;
  orders: FloorOrder[];
  billTotal: number;
  notifications: {
    type: TableNotificationType;
    refId: string | null;
    message: string;
    createdAt: string;
  }[];
  lastActivity: string | null;
}

export interface Floor {
  tables: FloorTable[];
  stats: { todaysSales: number; currency: 'eur' | 'usd'; ordersToday: number };
}

export const floorKey = ['floor'] as const;

export const floorQuery = () =>
  queryOptions({
    queryKey: floorKey,
    queryFn: ({ signal }) => apiRequest<Floor>('/api/tables/floor', { signal }),
    refetchInterval: 30_000,
  });

export const claimTable = (tableId: string) =>
  apiRequest(`/api/tables/${tableId}/claim`, { method: 'POST' });

export const respond = (tableId: string, type: TableNotificationType, refId: string | null) =>
  apiRequest(`/api/tables/${tableId}/respond`, {
    method: 'POST',
    body: refId ? { type, refId } : { type },
  });

export const markServed = (orderId: string) =>
  apiRequest(`/api/orders/${orderId}/serve`, { method: 'POST' });

export const markPaid = (
  sessionId: string,
  body: { method: 'cash' | 'card'; amount?: number; tip?: number },
) => apiRequest(`/api/sessions/${sessionId}/payments`, { method: 'POST', body });
