import type { GuestLocale, MenuTranslationsInput } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';

export const menuTranslationsKey = ['menu', 'translations'] as const;

export const useMenuTranslations = (enabled: boolean) =>
  useQuery({
    queryKey: menuTranslationsKey,
    queryFn: () => managerCall(menuRoutes.getMenuTranslations),
    enabled,
  });

export function useSetMenuTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, body }: { locale: GuestLocale; body: MenuTranslationsInput }) =>
      managerCall(menuRoutes.setMenuTranslations, { params: { locale }, body }),
    onSuccess: (data) => queryClient.setQueryData(menuTranslationsKey, data),
  });
}
