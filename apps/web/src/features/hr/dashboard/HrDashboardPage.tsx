import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Permission } from '@portal/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { hasPermission } from '../../auth/session.ts';
import { timeoffApi, timeoffKeys } from '../timeoff/timeoff-api.ts';
import { LiveChip } from '../timeoff/timeoff-ui.tsx';
import { useLiveTimeoff } from '../timeoff/TimeoffPage.tsx';

interface View {
  to: string;
  title: string;
  description: string;
  permission?: Permission;
  badge?: number;
}

function ViewCards({ views }: { views: View[] }) {
  return (
    <Box
      component="nav"
      aria-label="HR dashboard views"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
    >
      {views.map((view) => (
        <Card key={view.to} variant="outlined">
          <CardActionArea component={RouterLink} to={view.to} sx={{ height: '100%' }}>
            <CardContent>
              <Badge badgeContent={view.badge} color="warning">
                <Typography variant="h6" component="h2" sx={{ pr: 1.5 }}>
                  {view.title}
                </Typography>
              </Badge>
              <Typography variant="body2" color="text.secondary">
                {view.description}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** The views of the HR dashboard the caller may open; the manager's card counts pending requests live. */
function useViews(): View[] {
  useLiveTimeoff();
  const pending = useQuery({
    queryKey: timeoffKeys.pendingCount,
    queryFn: ({ signal }) => timeoffApi.pendingCount(signal).then((reply) => reply.data.total),
  });
  const views: View[] = [
    {
      to: '/hr/dashboard/my_view',
      title: 'My View',
      description: 'My upcoming shifts, my hours this week and pay period, my requests',
    },
    {
      to: '/hr/dashboard/timeoff',
      title: 'Time Off',
      description: 'Balances, new requests and the team’s requests to decide',
      badge: pending.data || undefined,
    },
    {
      to: '/hr/dashboard/store_employees',
      title: 'Store Employees',
      description: 'Who is clocked in, on a break, late or absent now',
      permission: 'read_hr_dashboard',
    },
    {
      to: '/hr/team',
      title: 'Team',
      description: 'My team, their clocks, balances and requests',
      permission: 'read_hr_dashboard',
    },
  ];
  return views.filter((view) => !view.permission || hasPermission(view.permission));
}

/** /hr/dashboard: the landing page of the HR dashboards. */
export function HrDashboardPage() {
  const views = useViews();
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          HR Dashboard
        </Typography>
        <LiveChip />
      </Stack>
      <ViewCards views={views} />
    </Stack>
  );
}

/** /hr/dashboard/{nestedRoute}: a view that does not exist says so and offers the real ones. */
export function HrDashboardUnknownPage() {
  const { nestedRoute } = useParams();
  const views = useViews();
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        HR Dashboard
      </Typography>
      <Alert severity="warning">
        There is no dashboard view called “{nestedRoute}”. Choose one of these:
      </Alert>
      <ViewCards views={views} />
    </Stack>
  );
}
