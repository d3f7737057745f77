import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  DailySnapshot,
  DailySnapshotQuery,
  SnapshotDatasetFigure,
} from '@portal/contract/reporting';
import { dollars } from '@portal/contract/resources/sales';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ScopeSelect } from '../../platform/ui/ScopeSelect.tsx';
import { reportingApi, reportingKeys } from './reporting-api.ts';

type Totals = DailySnapshot['totals'];

const todayLocal = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** Printing shows the snapshot only: no app bar, side menu or form; one store per page. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .MuiAppBar-root, [data-print="hide"]': {
          display: 'none !important',
        },
        'main, body': { margin: 0, padding: 0 },
        '[data-print="page"]': { breakInside: 'avoid', breakAfter: 'page' },
      },
    }}
  />
);

function Figures({ totals, figures }: { totals: Totals; figures: SnapshotDatasetFigure[] }) {
  const items: [string, string | number][] = [
    ['Staff', totals.staff],
    ['Scheduled', `${totals.scheduled_hours} h`],
    ['Worked', `${totals.worked_hours} h`],
    ['Late', totals.late],
    ['Absent', totals.absent],
    ['Breaks', `${totals.breaks} (${totals.break_hours} h)`],
    // The day's sales and store orders, where the viewer may read them.
    ...figures.map((f): [string, string | number] => [
      f.label,
      f.money ? dollars(f.value) : f.value,
    ]),
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(6, 1fr)' },
        gap: 1,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /daily-snapshot: one day of a store, or of each store of a district (a page each when printed):
 * staff, scheduled and worked hours, late and absent people, breaks, and the day's sales and
 * store orders.
 */
export function DailySnapshotPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayLocal();
  const scopes = useQuery({
    queryKey: reportingKeys.scopes,
    queryFn: ({ signal }) => reportingApi.scopes(signal).then((r) => r.data),
  });
  const fallback = scopes.data?.default;
  const chosen =
    params.get('scope') ??
    (fallback && fallback.level === 'store' && fallback.id !== null
      ? `store:${fallback.id}`
      : scopes.data?.stores[0]
        ? `store:${scopes.data.stores[0].id}`
        : '');
  const [level, id] = chosen.split(':');
  const query: DailySnapshotQuery | null =
    (level === 'store' || level === 'district') && id ? { level, id: Number(id), date } : null;
  const snapshot = useQuery({
    queryKey: [...reportingKeys.all, 'snapshot', query],
    queryFn: ({ signal }) =>
      query ? reportingApi.snapshot(query, signal).then((r) => r.data) : null,
    enabled: query !== null,
    meta: { errorToast: false },
  });
  useEffect(() => {
    document.title = 'Daily snapshot';
  }, []);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key !== 'scope' && !next.has('scope') && chosen) next.set('scope', chosen);
    setParams(next, { replace: true });
  };
  const data = snapshot.data;
  const time = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleTimeString('en-US', {
          hour: 'numeric',
          minute: '2-digit',
          timeZone: data?.time_zone,
        })
      : '';
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }}>
      {printStyles}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          Daily snapshot{data ? ` · ${data.scope_name} · ${data.date}` : ''}
        </Typography>
        <Button
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={!data}
          data-print="hide"
        >
          Print
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} data-print="hide">
        <ScopeSelect
          label="Store or district"
          value={chosen}
          onChange={(scope) => set('scope', scope)}
          options={scopes.data}
          levels={['district', 'store']}
          sx={{ minWidth: 240 }}
        />
        <TextField
          label="Day"
          type="date"
          value={date}
          onChange={(e) => e.target.value && set('date', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {snapshot.isError && <Alert severity="error">{snapshot.error.message}</Alert>}
      {scopes.data && !query && <Alert severity="info">There is no store you may see.</Alert>}
      {data && data.stores.length > 1 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {data.scope_name}: all stores
          </Typography>
          <Figures totals={data.totals} figures={data.figures} />
        </Paper>
      )}
      {data?.stores.map((store) => (
        <Paper key={store.id} variant="outlined" sx={{ p: 2, minWidth: 0 }} data-print="page">
          <Typography variant="h6" component="h2" gutterBottom>
            {store.name} · {data.date}
          </Typography>
          <Figures totals={store.totals} figures={store.figures} />
          {store.people.length === 0 ? (
            <Typography sx={{ mt: 2 }}>Nobody scheduled or clocked in this day</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" aria-label={`${store.name} staff`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Employee</TableCell>
                    <TableCell>Shift</TableCell>
                    <TableCell>Clocked</TableCell>
                    <TableCell align="right">Scheduled (h)</TableCell>
                    <TableCell align="right">Worked (h)</TableCell>
                    <TableCell>Late</TableCell>
                    <TableCell align="right">Breaks</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {store.people.map((p) => (
                    <TableRow key={p.user_id}>
                      <TableCell>{p.name}</TableCell>
                      <TableCell>
                        {p.shift_start ? `${time(p.shift_start)}–${time(p.shift_end)}` : 'None'}
                      </TableCell>
                      <TableCell>
                        {p.clock_in
                          ? `${time(p.clock_in)}–${p.clock_out ? time(p.clock_out) : 'now'}`
                          : ''}
                      </TableCell>
                      <TableCell align="right">{p.scheduled_hours}</TableCell>
                      <TableCell align="right">{p.worked_hours}</TableCell>
                      <TableCell>
                        {p.absent ? 'Absent' : p.late_minutes > 0 ? `${p.late_minutes} min` : ''}
                      </TableCell>
                      <TableCell align="right">
                        {p.breaks ? `${p.breaks} (${p.break_minutes} min)` : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
