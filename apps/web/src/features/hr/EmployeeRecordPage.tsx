import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { EmployeeCompensation } from './EmployeeCompensation.tsx';
import { EmployeeDocuments } from './EmployeeDocuments.tsx';
import { employeeKeys, employeesApi } from './employees-api.ts';

/**
 * SPEC.md's /employees/compensation/{id} and /employees/documents/{id}: one record of an employee
 * on a page of its own (the same sections as the edit page's tabs).
 */
function EmployeeRecordPage({ record }: { record: 'compensation' | 'documents' }) {
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : null;
  const employee = useQuery({
    queryKey: employeeKeys.one(userId ?? 0),
    queryFn: ({ signal }) => employeesApi.get(userId ?? 0, signal).then((r) => r.data),
    enabled: userId !== null,
  });
  const title = record === 'compensation' ? 'Compensation' : 'Documents';
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1">
        {employee.data ? `${title}: ${employee.data.first_name} ${employee.data.last_name}` : title}
      </Typography>
      {(userId === null || employee.isError) && (
        <Typography color="error">This employee could not be found.</Typography>
      )}
      {employee.data && (
        <>
          <Link component={RouterLink} to={`/employees/edit/${employee.data.id}`}>
            Back to the employee
          </Link>
          {record === 'compensation' ? (
            <EmployeeCompensation userId={employee.data.id} />
          ) : (
            <EmployeeDocuments userId={employee.data.id} />
          )}
        </>
      )}
    </Stack>
  );
}

export const EmployeeCompensationPage = () => <EmployeeRecordPage record="compensation" />;
export const EmployeeDocumentsPage = () => <EmployeeRecordPage record="documents" />;
