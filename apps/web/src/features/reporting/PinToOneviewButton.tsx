import PushPinIcon from '@mui/icons-material/PushPin';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../platform/toasts.ts';
import { reportingApi } from './reporting-api.ts';

/** Pins a saved chart below the caller's OneView (Widget added), or says it is already there. */
export function PinToOneviewButton({ chartId }: { chartId: number }) {
  const queryClient = useQueryClient();
  const pin = useMutation({
    mutationFn: () => reportingApi.pin(chartId),
    onSuccess: async (reply) => {
      notify.success(reply.message);
      // OneView's layout query (features/oneview) reads it again when next shown.
      await queryClient.invalidateQueries({ queryKey: ['oneview'] });
    },
    onError: (error) => notify.danger(error.message),
  });
  return (
    <Button startIcon={<PushPinIcon />} disabled={pin.isPending} onClick={() => pin.mutate()}>
      Pin to OneView
    </Button>
  );
}
