import type { RESTAURANT_STATUSES, Tenant } from '@tavola/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { platformKey } from './platform-key';

export type TenantStatus = (typeof RESTAURANT_STATUSES)[number];

export interface TenantFilter {
  search: string;
  status: TenantStatus | '';
}

export interface TenantList {
  restaurants: Tenant[];
  total: number;
}

export const getTenants = ({ search, status }: TenantFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (status) params.set('status', status);
  const query = params.toString();
  return apiRequest<TenantList>(`/api/platform/restaurants${query ? `?${query}` : ''}`, { signal });
};

export const getTenantsQueryOptions = (filter: TenantFilter) =>
  queryOptions({
    queryKey: [...platformKey, 'restaurants', filter],
    queryFn: ({ signal }) => getTenants(filter, signal),
    // The table keeps its rows while a new search loads.
    placeholderData: keepPreviousData,
  });

/** The Restaurants tab's rows for a search and status filter. */
export const useTenants = (filter: TenantFilter) => useQuery(getTenantsQueryOptions(filter));
