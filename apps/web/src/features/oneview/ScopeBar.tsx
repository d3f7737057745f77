import type { ScopeOptions } from '@portal/contract/oneview';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { parseScopeKey, scopeKey, ScopeSelect } from '../../platform/ui/ScopeSelect.tsx';
import { oneviewQueries, scopeFromParams, type Scope } from './oneview-api.ts';

/**
 * The scope OneView shows, kept in the URL (?level=..&id=..) so a widget's list and a reload keep
 * it; the caller's default scope until they pick one. The last element is the scope the URL names
 * (null before a pick: the server answers for the caller's default scope without being told it).
 */
export function useScope(): [
  Scope | null,
  (scope: Scope) => void,
  UseQueryResult<ScopeOptions>,
  Scope | null,
] {
  const [params, setParams] = useSearchParams();
  const scopes = useQuery(oneviewQueries.scopes);
  const chosen = scopeFromParams(params);
  const scope = chosen ?? scopes.data?.default ?? null;
  const setScope = (next: Scope) =>
    setParams(
      next.id === null ? { level: next.level } : { level: next.level, id: String(next.id) },
      { replace: true },
    );
  return [scope, setScope, scopes, chosen];
}

/** The one scope bar every widget follows: company, region, district or store the user may see. */
export function ScopeBar({
  scope,
  onChange,
  options,
}: {
  scope: Scope | null;
  onChange: (scope: Scope) => void;
  options: ScopeOptions | undefined;
}) {
  if (!options || (!options.company && !options.stores.length)) return null;
  return (
    <ScopeSelect
      label="Scope"
      size="small"
      value={scope ? scopeKey(scope.level, scope.id) : ''}
      options={options}
      sx={{ minWidth: { xs: '100%', md: 260 } }}
      onChange={(value) => {
        const next = parseScopeKey(value);
        if (next) onChange(next);
      }}
    />
  );
}
