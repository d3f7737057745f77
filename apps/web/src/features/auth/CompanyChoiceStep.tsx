import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyChoice, LoginResponse } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { FALLBACK_ERROR_MESSAGE } from '../../platform/api.ts';
import { chooseCompany } from './auth-api.ts';

/**
 * The sign-in step when the email and password open accounts in several companies: one button per
 * company; the chosen one continues the sign-in (signed in, or its second factor).
 */
export function CompanyChoiceStep({
  choice,
  onAnswer,
  onCancel,
}: {
  choice: CompanyChoice;
  onAnswer: (response: LoginResponse) => void;
  onCancel: () => void;
}) {
  const choose = useMutation({
    mutationFn: (companyId: number) =>
      chooseCompany({ token: choice.token, company_id: companyId }),
    onSuccess: onAnswer,
  });
  return (
    <Stack spacing={2}>
      <Typography>Your email and password open more than one company.</Typography>
      {choose.error && (
        <Alert severity="error">{choose.error.message || FALLBACK_ERROR_MESSAGE}</Alert>
      )}
      {choice.companies.map((company) => (
        <Button
          key={company.id}
          variant="outlined"
          size="large"
          fullWidth
          disabled={choose.isPending && choose.variables !== company.id}
          loading={choose.isPending && choose.variables === company.id}
          onClick={() => choose.mutate(company.id)}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {company.name}
        </Button>
      ))}
      <Button onClick={onCancel}>Back to sign in</Button>
    </Stack>
  );
}
