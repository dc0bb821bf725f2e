import type { ManagerMenuItem, StaffMember } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

export const managerKeys = {
  menu: ['manager', 'menu'] as const,
  categories: ['manager', 'menu', 'categories'] as const,
  tables: ['manager', 'tables'] as const,
  staff: ['manager', 'staff'] as const,
  history: (from: string, to: string, page: number) =>
    ['manager', 'history', from, to, page] as const,
  overview: ['manager', 'overview'] as const,
  analytics: ['manager', 'analytics'] as const,
};

/** Spec §8: manager menu failures use the server's text or 'Request failed ({status})'. */
async function managerRequest<T>(path: string, options: Parameters<typeof apiRequest>[1] = {}) {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && /^HTTP \d+$/.test(error.message)) {
      throw new ApiError(`Request failed (${error.status})`, error.status);
    }
    throw error;
  }
}

export const menuQuery = () =>
  queryOptions({
    queryKey: managerKeys.menu,
    queryFn: ({ signal }) => managerRequest<ManagerMenuItem[]>('/api/menu?limit=500', { signal }),
    retry: false,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: managerKeys.categories,
    queryFn: async ({ signal }) => {
      try {
        return await managerRequest<{ category: string }[]>('/api/menu/categories', { signal });
      } catch (error) {
        // A refetch replacing this one is not a failure; let the query library handle it.
        if (signal.aborted) throw error;
        // Spec §8: a category load failure is only logged.
        console.warn('Failed to load categories', error);
        return [];
      }
    },
  });

export type MenuPayload = {
  name: string;
  category: string;
  price: number;
  available: boolean;
  special: boolean;
  description?: string;
  currency?: string;
  preparationTime?: number;
  tags?: string[];
  imageUrl?: string;
};

export const createMenuItem = (body: MenuPayload) =>
  managerRequest<ManagerMenuItem>('/api/menu', { method: 'POST', body });
export const updateMenuItem = (id: string, body: MenuPayload | { special: boolean }) =>
  managerRequest<ManagerMenuItem>(`/api/menu/${id}`, { method: 'PUT', body });
export const toggleMenuItem = (id: string) =>
  managerRequest<ManagerMenuItem>(`/api/menu/${id}/toggle`, { method: 'PUT' });
export const deleteMenuItem = (id: string) =>
  managerRequest(`/api/menu/${id}`, { method: 'DELETE' });

export interface AdminTable {
  id: string;
  number: number;
  capacity: number;
  status: string;
  qrToken: string;
  orderUrl: string | null;
  hasOpenSession: boolean;
}
export const tablesQuery = () =>
  queryOptions({
    queryKey: managerKeys.tables,
    queryFn: ({ signal }) => managerRequest<AdminTable[]>('/api/tables', { signal }),
  });
export const saveTable = (
  id: string | null,
  body: { number: number; capacity: number; status?: string },
) =>
  managerRequest(id ? `/api/tables/${id}` : '/api/tables', { method: id ? 'PUT' : 'POST', body });
export const deleteTable = (id: string) =>
  managerRequest(`/api/tables/${id}`, { method: 'DELETE' });
export const rotateTableQr = (id: string) =>
  managerRequest<{ qrToken: string; orderUrl: string | null }>(`/api/tables/${id}/rotate-qr`, {
    method: 'POST',
  });

export const staffQuery = () =>
  queryOptions({
    queryKey: managerKeys.staff,
    queryFn: ({ signal }) => managerRequest<StaffMember[]>('/api/staff', { signal }),
  });
export const saveStaff = (id: string | null, body: Record<string, unknown>) =>
  managerRequest<StaffMember>(id ? `/api/staff/${id}` : '/api/staff', {
    method: id ? 'PUT' : 'POST',
    body,
  });
export const removeStaff = (id: string) =>
  managerRequest<StaffMember>(`/api/staff/${id}`, { method: 'DELETE' });

export interface HistoryPage {
  total: number;
  page: number;
  pageSize: number;
  currency: 'eur' | 'usd';
  /** The restaurant's timezone: times are shown as the restaurant lives them. */
  timezone: string;
  rows: {
    orderNumber: number;
    tableNumber: number;
    items: string;
    total: number;
    waiter: string | null;
    time: string;
    status: string;
  }[];
}
export const historyQuery = (from: string, to: string, page: number) =>
  queryOptions({
    queryKey: managerKeys.history(from, to, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: '25' });
      if (from) params.set('from', from);
      if (to) params.set('to', to);
      return managerRequest<HistoryPage>(`/api/orders/history?${params.toString()}`, { signal });
    },
    retry: false,
  });

export interface Overview {
  currency: 'eur' | 'usd';
  todaysRevenue: number;
  ordersToday: number;
  activeStaff: number;
  tableUtilization: number;
  tablesOccupied: number;
  tablesTotal: number;
}
export const overviewQuery = () =>
  queryOptions({
    queryKey: managerKeys.overview,
    queryFn: ({ signal }) => managerRequest<Overview>('/api/reports/overview', { signal }),
    refetchInterval: 60_000,
  });

export interface Analytics {
  currency: 'eur' | 'usd';
  timezone: string;
  revenue: { today: number; week: number; month: number };
  orders: { count: number; averageValue: number; averageMinutesToReady: number | null };
  bestSellersByQuantity: { name: string; quantity: number; revenue: number }[];
  bestSellersByRevenue: { name: string; quantity: number; revenue: number }[];
  revenueByHour: { hour: number; revenue: number }[];
  revenueByDay: { day: string; revenue: number; orders: number }[];
}
export const analyticsQuery = () =>
  queryOptions({
    queryKey: managerKeys.analytics,
    queryFn: ({ signal }) => managerRequest<Analytics>('/api/reports/analytics', { signal }),
  });

/** Downloads an authenticated file (QR codes, exports) through a blob URL. */
export async function download(path: string, filename: string): Promise<void> {
  const token = sessionStore.get()?.token;
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status === 401) sessionStore.clear();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(body?.error ?? `Request failed (${res.status})`, res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
