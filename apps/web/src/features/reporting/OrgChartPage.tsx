import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrgChart } from '@portal/contract/reporting';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { reportingApi, reportingKeys } from './reporting-api.ts';

type Person = OrgChart['people'][number];

function Branch({ title, kind, children }: { title: string; kind: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', mt: 1 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {kind}
      </Typography>
      <Box
        component="ul"
        sx={{ pl: { xs: 1.5, sm: 3 }, m: 0, borderLeft: 1, borderColor: 'divider' }}
      >
        {children}
      </Box>
    </Box>
  );
}

function PersonLine({ person }: { person: Person }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 0.25, overflowWrap: 'anywhere' }}>
      {person.name}
      <Typography component="span" variant="body2" color="text.secondary">
        {' '}
        · {person.role}
        {person.supervisor_name ? ` · reports to ${person.supervisor_name}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * /organization-chart: the company, its regions, districts and stores the viewer may see, and the
 * people at each store with their supervisors; the search keeps the branches that match.
 */
export function OrgChartPage() {
  const [search, setSearch] = useState('');
  const chart = useQuery({
    queryKey: reportingKeys.orgChart,
    queryFn: ({ signal }) => reportingApi.orgChart(signal).then((r) => r.data),
    meta: { errorToast: false },
  });
  useEffect(() => {
    document.title = 'Organization chart';
  }, []);
  if (chart.isPending) return <PageLoader />;
  if (chart.isError) return <Alert severity="error">{chart.error.message}</Alert>;
  const org = chart.data;
  const needle = search.trim().toLowerCase();
  const hit = (text: string | null) => needle === '' || (text ?? '').toLowerCase().includes(needle);
  const peopleOf = (storeId: number | null) => org.people.filter((p) => p.store_id === storeId);
  /** The store's people that match, or all of them when the store's own name matches. */
  const shownPeople = (storeId: number | null, ownName: string) => {
    const people = peopleOf(storeId);
    if (needle !== '' && hit(ownName)) return people;
    return people.filter((p) => hit(p.name) || hit(p.role) || hit(p.supervisor_name));
  };
  const storeNode = (store: OrgChart['stores'][number], parentHit: boolean) => {
    const people = parentHit ? peopleOf(store.id) : shownPeople(store.id, store.name);
    if (!parentHit && needle !== '' && !hit(store.name) && people.length === 0) return null;
    return (
      <Branch key={`s${store.id}`} title={store.name} kind="Store">
        {people.map((p) => (
          <PersonLine key={p.id} person={p} />
        ))}
      </Branch>
    );
  };
  const districtNode = (district: OrgChart['districts'][number], parentHit: boolean) => {
    const own = parentHit || (needle !== '' && hit(district.name));
    const stores = org.stores
      .filter((s) => s.district_id === district.id)
      .map((s) => storeNode(s, own))
      .filter(Boolean);
    if (needle !== '' && !own && stores.length === 0) return null;
    return (
      <Branch key={`d${district.id}`} title={district.name} kind="District">
        {stores}
      </Branch>
    );
  };
  const districtIds = new Set(org.districts.map((d) => d.id));
  const regionIds = new Set(org.regions.map((r) => r.id));
  const regions = org.regions
    .map((region) => {
      const own = needle !== '' && hit(region.name);
      const districts = org.districts
        .filter((d) => d.region_id === region.id)
        .map((d) => districtNode(d, own))
        .filter(Boolean);
      if (needle !== '' && !own && districts.length === 0) return null;
      return (
        <Branch key={`r${region.id}`} title={region.name} kind="Region">
          {districts}
        </Branch>
      );
    })
    .filter(Boolean);
  // Districts outside any region the viewer sees, and stores outside any district.
  const looseDistricts = org.districts
    .filter((d) => d.region_id === null || !regionIds.has(d.region_id))
    .map((d) => districtNode(d, false))
    .filter(Boolean);
  const looseStores = org.stores
    .filter((s) => s.district_id === null || !districtIds.has(s.district_id))
    .map((s) => storeNode(s, false))
    .filter(Boolean);
  const noStore = shownPeople(null, '');
  const nothing =
    regions.length + looseDistricts.length + looseStores.length + noStore.length === 0;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Organization chart
      </Typography>
      <TextField
        label="Search people, roles, stores, districts or regions"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: 480 }}
      />
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0, overflowX: 'auto' }}>
        <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Organization chart">
          <Branch title={org.company} kind="Company">
            {regions}
            {looseDistricts}
            {looseStores}
            {noStore.length > 0 && (
              <Branch title="No store" kind="People">
                {noStore.map((p) => (
                  <PersonLine key={p.id} person={p} />
                ))}
              </Branch>
            )}
          </Branch>
        </Box>
        {nothing && needle !== '' && (
          <Typography sx={{ mt: 2 }}>Nothing matches “{search.trim()}”</Typography>
        )}
      </Paper>
    </Stack>
  );
}
