import type { ShellSettings } from '@portal/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../platform/query-client.ts';
import { fetchShellSettings, shellQueryKeys } from './shell-api.ts';

const shellSettingsQuery = queryOptions<ShellSettings>({
  queryKey: shellQueryKeys.settings,
  queryFn: ({ signal }) => fetchShellSettings(signal),
  staleTime: 5 * 60_000,
});

/** The shell's settings for this user and company, read once per page load. */
export function useShellSettings() {
  return useQuery(shellSettingsQuery);
}

/**
 * Asks for the settings before anything renders: `/` waits for their Home Screen to know where to
 * land, so the request starts as the frame's code arrives rather than once the frame has mounted.
 */
export function prefetchShellSettings(): void {
  void queryClient.prefetchQuery(shellSettingsQuery);
}
