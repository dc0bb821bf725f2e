import { type CreateStationInput, type UpdateStationInput } from '@tavola/contract';
import { stationsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { stationsKey } from './get-stations';

export const createStation = (body: CreateStationInput) =>
  call(stationsRoutes.createStation, { body });

export const updateStation = ({ id, body }: { id: string; body: UpdateStationInput }) =>
  call(stationsRoutes.updateStation, { params: { id }, body });

export const deactivateStation = (id: string) =>
  call(stationsRoutes.deactivateStation, { params: { id } });

/** Saves go through here so the list (and the menu's routing) reload after each. */
function useStationMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: stationsKey });
      // A deactivated station's categories and items went back to their default station.
      await queryClient.invalidateQueries({ queryKey: ['menu'] });
    },
  });
}

export const useCreateStation = () => useStationMutation(createStation);
export const useUpdateStation = () => useStationMutation(updateStation);
export const useDeactivateStation = () => useStationMutation(deactivateStation);
