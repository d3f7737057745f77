import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { faceMessages, type FacePayload } from '@portal/contract/hr-face';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { useSessionUser } from '../auth/useSessionUser.ts';
import { faceApi } from './face-check.ts';
import { VerifyFaceDialog } from './VerifyFaceDialog.tsx';

const message = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * /hr/my-face: the employee's own face enrolment (SPEC.md section 7, PATCH /users/update-face):
 * whether one is kept and since when, under which consent text; enrol or replace it (with consent),
 * or withdraw consent, which deletes it.
 */
export function FaceEnrolmentPage() {
  const { data: user } = useSessionUser();
  const userId = user?.id ?? 0;
  const queryClient = useQueryClient();
  const key = ['hr', 'face', userId] as const;
  const enrolment = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => faceApi.get(userId, signal).then((reply) => reply.data),
    enabled: userId > 0,
  });
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enrol = useMutation({
    mutationFn: (face: FacePayload) => faceApi.enrol(userId, face),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(key, reply.data);
      setOpen(false);
    },
    onError: (failure) => setError(message(failure, faceMessages.faceNotUpdated)),
  });
  const withdraw = useMutation({
    mutationFn: () => faceApi.withdraw(userId),
    onSuccess: (reply) => {
      notify.success(reply.message);
      queryClient.setQueryData(key, reply.data);
    },
    onError: (failure) => notify.danger(message(failure, faceMessages.faceNotUpdated)),
  });
  const data = enrolment.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        My face check
      </Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {enrolment.isError && <Alert severity="error">Bad Request</Alert>}
            {data && (
              <Typography>
                {data.enrolled
                  ? `Your face is enrolled (since ${new Date(data.enrolled_at ?? '').toLocaleString()}, consent version ${data.consent_version}).`
                  : 'No face is enrolled for you.'}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {data?.consent_text}
            </Typography>
            <Stack direction="row" spacing={2}>
              <Button
                variant="contained"
                onClick={() => {
                  setError(null);
                  setOpen(true);
                }}
                disabled={!data}
              >
                {data?.enrolled ? 'Replace my face' : 'Enrol my face'}
              </Button>
              {data?.enrolled && (
                <Button
                  color="error"
                  onClick={() => withdraw.mutate()}
                  loading={withdraw.isPending}
                >
                  Withdraw consent and delete my face data
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <VerifyFaceDialog
        open={open}
        title="Enrol Face"
        info="Look at the camera and take a photo of your face alone."
        askConsent
        error={error}
        busy={enrol.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(face, consent) => {
          if (consent) enrol.mutate(face);
        }}
      />
    </Stack>
  );
}
