import { type RESTAURANT_STATUSES, type Tenant } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
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

export const getTenants = ({ search, status }: TenantFilter, signal?: AbortSignal) =>
  call(
    platformRoutes.listRestaurants,
    { query: { search: search.trim() || undefined, status: status || undefined } },
    { signal },
  );

export const getTenantsQueryOptions = (filter: TenantFilter) =>
  queryOptions({
    queryKey: [...platformKey, 'restaurants', filter],
    queryFn: ({ signal }) => getTenants(filter, signal),
    // The table keeps its rows while a new search loads.
    placeholderData: keepPreviousData,
  });

/** The Restaurants tab's rows for a search and status filter. */
export const useTenants = (filter: TenantFilter) => useQuery(getTenantsQueryOptions(filter));
