import { type TeamMemberCreateInput } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const teamMembersKey = ['platform-team-members'] as const;

export const getTeamMembers = (signal?: AbortSignal) =>
  call(platformRoutes.listTeamMembers, {}, { signal });

export const getTeamMembersQueryOptions = () =>
  queryOptions({ queryKey: teamMembersKey, queryFn: ({ signal }) => getTeamMembers(signal) });

export const useTeamMembers = () => useQuery(getTeamMembersQueryOptions());

export const createTeamMember = (body: TeamMemberCreateInput) =>
  call(platformRoutes.createTeamMember, { body });

export const deactivateTeamMember = (id: string) =>
  call(platformRoutes.deactivateTeamMember, { params: { id } });

export function useCreateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersKey }),
  });
}

export function useDeactivateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMembersKey }),
  });
}
