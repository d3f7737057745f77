import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ticketStatusMachine } from '@portal/contract/resources/tickets';
import { Link as RouterLink } from 'react-router';
import { statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { RequirePermission } from '../auth/RequirePermission.tsx';
import { hasPermission } from '../auth/session.ts';
import { StoreTicketLink } from './StoreTicketLink.tsx';
import { ticketPaths } from './paths.ts';

const label = (state: string) => statusLabel(ticketStatusMachine, state);

/**
 * /task-tickets/settings: the company's ticket types, priorities (SLA targets) and templates, the
 * statuses' moves, and stores' links to the public ticket center.
 */
export function TicketSettingsPage() {
  return (
    <RequirePermission permission="read_ticket_types">
      <Stack spacing={3}>
        <Typography variant="h5" component="h1">
          Ticket Settings
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={ticketPaths.types.list}>
            Ticket Types
          </Button>
          <Button variant="outlined" component={RouterLink} to={ticketPaths.priorities.list}>
            Ticket Priorities
          </Button>
          {hasPermission('read_ticket_templates') && (
            <Button variant="outlined" component={RouterLink} to={ticketPaths.templates.list}>
              Ticket Templates
            </Button>
          )}
        </Stack>
        <Typography color="text.secondary">
          A priority sets the SLA targets (first response, next response, resolution) of its
          tickets; a ticket waiting (pending) pauses them.
        </Typography>
        <Typography variant="h6" component="h2">
          Statuses
        </Typography>
        <Typography color="text.secondary">
          A ticket starts as {label(ticketStatusMachine.initial)} and moves only as below; every
          move is kept in its history.
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Status moves">
            <TableHead>
              <TableRow>
                <TableCell>Action</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ticketStatusMachine.transitions.map((move) => (
                <TableRow key={`${move.to}-${move.label}`}>
                  <TableCell>{move.label}</TableCell>
                  <TableCell>{move.from.map(label).join(', ')}</TableCell>
                  <TableCell>{label(move.to)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {hasPermission('write_tickets') && <StoreTicketLink />}
      </Stack>
    </RequirePermission>
  );
}
