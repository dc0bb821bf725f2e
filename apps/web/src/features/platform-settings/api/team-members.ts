import type { TeamMemberAccount, TeamMemberCreateInput } from '@tavola/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const teamMembersKey = ['platform-team-members'] as const;

export const getTeamMembers = (signal?: AbortSignal) =>
  apiRequest<TeamMemberAccount[]>('/api/platform/team-members', { signal });

export const getTeamMembersQueryOptions = () =>
  queryOptions({ queryKey: teamMembersKey, queryFn: ({ signal }) => getTeamMembers(signal) });

export const useTeamMembers = () => useQuery(getTeamMembersQueryOptions());

export const createTeamMember = (body: TeamMemberCreateInput) =>
  apiRequest<TeamMemberAccount>('/api/platform/team-members', { method: 'POST', body });

export const deactivateTeamMember = (id: string) =>
  apiRequest<TeamMemberAccount>(`/api/platform/team-members/${id}/deactivate`, {
    method: 'POST',
    body: {},
  });

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
