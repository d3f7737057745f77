import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { listDataSchema } from '@portal/contract/envelope';
import { faceCheckSchema } from '@portal/contract/hr-face';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';

const actionLabel: Record<string, string> = {
  clock_in: 'Clock in',
  clock_out: 'Clock out',
  break_start: 'Break start',
  break_end: 'Break end',
};

/**
 * /hr/face-checks: punches whose face did not match the enrolled one, for a manager's review:
 * flagged (accepted under the flag policy) and blocked (refused) attempts, newest first.
 */
export function FaceChecksPage() {
  const queryClient = useQueryClient();
  const [reviewed, setReviewed] = useState<'false' | 'true'>('false');
  const key = ['hr', 'face-checks', reviewed] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api
        .get('/hr-face/checks', listDataSchema(faceCheckSchema), {
          signal,
          query: { reviewed, page_size: 100 },
        })
        .then((reply) => reply.data),
  });
  const review = useMutation({
    mutationFn: (id: number) => api.patch(`/hr-face/checks/${id}`, {}, z.null()),
    onSuccess: () => {
      notify.success('Reviewed');
      void queryClient.invalidateQueries({ queryKey: ['hr', 'face-checks'] });
    },
    onError: (error) => notify.danger(error.message || 'Bad Request'),
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        Face check review
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={reviewed}
        onChange={(_, value: 'false' | 'true' | null) => value && setReviewed(value)}
        aria-label="Which face checks"
      >
        <ToggleButton value="false">To review</ToggleButton>
        <ToggleButton value="true">Reviewed</ToggleButton>
      </ToggleButtonGroup>
      {list.isError && <Alert severity="error">Bad Request</Alert>}
      {/* On a phone the table scrolls inside its own box; the page keeps the window's width. */}
      <Paper sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label="Face checks">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Employee</TableCell>
              <TableCell>Punch</TableCell>
              <TableCell>Result</TableCell>
              <TableCell>Distance</TableCell>
              <TableCell>Timecard</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.results ?? []).map((check) => (
              <TableRow key={check.id}>
                <TableCell>{new Date(check.created_at).toLocaleString()}</TableCell>
                <TableCell>{check.user_name}</TableCell>
                <TableCell>{actionLabel[check.action] ?? check.action}</TableCell>
                <TableCell>
                  {check.result === 'flagged' ? 'Accepted, flagged' : 'Refused'}
                </TableCell>
                <TableCell>{check.distance?.toFixed(2) ?? ''}</TableCell>
                <TableCell>{check.timecard_id ?? ''}</TableCell>
                <TableCell align="right">
                  {!check.reviewed_at && (
                    <Button size="small" onClick={() => review.mutate(check.id)}>
                      Mark reviewed
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {list.data && list.data.results.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>Sorry we could not find any results</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
