import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { employeeMessages, type Employee } from '@portal/contract/hr-employees';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { initialTableQuery } from '../../platform/data-table/table-query.ts';
import type { DataColumn, TableQuery } from '../../platform/data-table/table-types.ts';
import { notify } from '../../platform/toasts.ts';
import { hasPermission } from '../auth/session.ts';
import { employeeKeys, employeesApi } from './employees-api.ts';

type Status = 'all' | 'active' | 'terminated';

/** A page of employees as the list query caches it. */
interface EmployeeList {
  results: Employee[];
}

const columns: readonly DataColumn<Employee>[] = [
  {
    id: 'name',
    header: 'Name',
    value: (row) => `${row.first_name} ${row.last_name}`,
    cell: (row) => (
      <Stack direction="row" spacing={1} alignItems="center">
        <Avatar src={row.profile_photo ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
          {row.first_name.slice(0, 1)}
        </Avatar>
        <span>{`${row.first_name} ${row.last_name}`}</span>
      </Stack>
    ),
    sortable: false,
    filter: false,
  },
  { id: 'email', header: 'Email', value: (row) => row.email, sortable: false, filter: false },
  {
    id: 'role_name',
    header: 'Role',
    value: (row) => row.role_name,
    sortable: false,
    filter: false,
  },
  {
    id: 'store_name',
    header: 'Store',
    value: (row) => row.store_name,
    sortable: false,
    filter: false,
  },
  { id: 'pay_type', header: 'Pay', value: (row) => row.pay_type, sortable: false, filter: false },
  {
    id: 'supervisor_name',
    header: 'Supervisor',
    value: (row) => row.supervisor_name,
    sortable: false,
    filter: false,
  },
  {
    id: 'status',
    header: 'Status',
    value: (row) => (row.terminated_at ? 'Terminated' : 'Active'),
    sortable: false,
    filter: false,
  },
];

/**
 * The employee a termination or reactivation answered with replaces its row in every cached list
 * at once (the row shows its new state without waiting for a refetch); the lists then refetch, as
 * a terminated employee may leave an "active" filter.
 */
function showChangedEmployee(queryClient: QueryClient, changed: Employee) {
  queryClient.setQueriesData<EmployeeList>({ queryKey: employeeKeys.lists }, (list) =>
    list
      ? { ...list, results: list.results.map((row) => (row.id === changed.id ? changed : row)) }
      : list,
  );
  void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}

/** Termination with notes (SPEC.md section 4: terminated, termination notes updated). */
function TerminateDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(employee.termination_notes ?? '');
  const terminate = useMutation({
    mutationFn: () => employeesApi.terminate(employee.id, notes),
    onSuccess: (reply) => {
      notify.success(reply.message);
      showChangedEmployee(queryClient, reply.data);
      onClose();
    },
    onError: (error) => notify.danger(error.message),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        Terminate {employee.first_name} {employee.last_name}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          They are signed out everywhere and clocked out; they can be reactivated later.
        </DialogContentText>
        <TextField
          label="Termination notes"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!notes.trim()}
          loading={terminate.isPending}
          onClick={() => terminate.mutate()}
        >
          Terminate
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The reactivation modal; a failure sets the error flag shown in it (SPEC.md section 4). */
function ReactivateDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState<string | null>(null);
  const reactivate = useMutation({
    mutationFn: () => employeesApi.reactivate(employee.id),
    onSuccess: (reply) => {
      notify.success(reply.message);
      showChangedEmployee(queryClient, reply.data);
      onClose();
    },
    onError: (error) => {
      const message = error.message || employeeMessages.notReactivated;
      setFailed(message);
      notify.danger(message);
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        Reactivate {employee.first_name} {employee.last_name}
      </DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failed}
          </Alert>
        )}
        <DialogContentText>
          Terminated on {employee.terminated_at?.slice(0, 10)}. Notes: {employee.termination_notes}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          loading={reactivate.isPending}
          onClick={() => reactivate.mutate()}
        >
          Reactivate
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /employees: the company's employees, with terminate and reactivate. */
export function EmployeesPage() {
  const canWrite = hasPermission('write_employees');
  const [query, setQuery] = useState<TableQuery>(() => ({ ...initialTableQuery(), pageSize: 20 }));
  const [status, setStatus] = useState<Status>('all');
  const [terminating, setTerminating] = useState<Employee | null>(null);
  const [reactivating, setReactivating] = useState<Employee | null>(null);
  const listQuery = {
    page: query.pageIndex,
    perPage: query.pageSize,
    search: query.search,
    status,
  };
  const list = useQuery({
    queryKey: employeeKeys.list(listQuery),
    queryFn: ({ signal }) => employeesApi.list(listQuery, signal).then((reply) => reply.data),
  });
  const fetchAll = async () => {
    const reply = await employeesApi.list({ ...listQuery, page: 0, perPage: 1000 });
    return reply.data.results;
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Employees
      </Typography>
      <DataTable
        label="Employees"
        reportName="Employees"
        columns={columns}
        rows={list.data?.results ?? []}
        getRowId={(row) => String(row.id)}
        loading={list.isPending}
        server={{ query, onQueryChange: setQuery, total: list.data?.total ?? 0, fetchAll }}
        emptyMessage="Sorry we could not find any results"
        rowMuted={(row) => row.terminated_at !== null}
        toolbar={
          <Stack direction="row" spacing={1} alignItems="center">
            {canWrite && (
              <>
                <Button variant="contained" component={RouterLink} to="/employees/new">
                  New Employee
                </Button>
                <Button component={RouterLink} to="/employees/bulkupload">
                  Bulk Upload
                </Button>
              </>
            )}
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => {
                const next = event.target.value;
                setStatus(next === 'active' || next === 'terminated' ? next : 'all');
                setQuery({ ...query, pageIndex: 0 });
              }}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="all">All</MenuItem>
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="terminated">Terminated</MenuItem>
            </TextField>
          </Stack>
        }
        rowActions={
          canWrite
            ? // Only people the server lets the viewer act on (the rank rule: strictly below).
              (row) =>
                row.can_manage === false ? null : (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" component={RouterLink} to={`/employees/edit/${row.id}`}>
                      Edit
                    </Button>
                    {row.terminated_at ? (
                      <Button size="small" onClick={() => setReactivating(row)}>
                        Reactivate
                      </Button>
                    ) : (
                      <Button size="small" color="error" onClick={() => setTerminating(row)}>
                        Terminate
                      </Button>
                    )}
                  </Stack>
                )
            : undefined
        }
      />
      {terminating && (
        <TerminateDialog employee={terminating} onClose={() => setTerminating(null)} />
      )}
      {reactivating && (
        <ReactivateDialog employee={reactivating} onClose={() => setReactivating(null)} />
      )}
    </Stack>
  );
}
