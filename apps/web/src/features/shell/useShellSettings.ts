import type { ShellSettings } from '@portal/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { fetchShellSettings, shellQueryKeys } from './shell-api.ts';

/** The shell's settings for this user and company, read once per page load. */
export function useShellSettings() {
  return useQuery<ShellSettings>({
    queryKey: shellQueryKeys.settings,
    queryFn: ({ signal }) => fetchShellSettings(signal),
    staleTime: 5 * 60_000,
  });
}
