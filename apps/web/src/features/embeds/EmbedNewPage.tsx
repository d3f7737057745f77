import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { embeds } from '@portal/contract/resources/navigation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { notify } from '../../platform/toasts.ts';
import { useContractForm } from '../../platform/ui/contract-form.ts';
import { createEmbed, embedQueryKey } from './embeds-api.ts';

type EmbedForm = z.input<typeof embeds.create>;
type EmbedValues = z.output<typeof embeds.create>;

/** /embed/new: adds an embedded page (title, slug, https address), then goes to the embeds list. */
export function EmbedNewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, guard, serverErrors } = useContractForm<
    EmbedForm,
    EmbedValues
  >(embeds.create, {
    defaultValues: { title: params.get('title') ?? '', slug: params.get('slug') ?? '', url: '' },
  });
  const save = useMutation({
    mutationFn: createEmbed,
    onSuccess: (reply) => {
      notify.success(reply.message || embeds.messages.created);
      void queryClient.invalidateQueries({ queryKey: embedQueryKey(reply.data.slug) });
      if (embeds.afterSave) {
        guard.allowLeave();
        void navigate(embeds.afterSave);
      }
    },
    onError: (error) => {
      notify.danger(error.message || embeds.messages.notCreated);
      serverErrors(error);
    },
  });
  const input = (name: 'title' | 'slug' | 'url') => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(formState.errors[name]),
      helperText: formState.errors[name]?.message,
    };
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        New Embedded Link
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit((values) => save.mutate(values))}
      >
        {guard.dialog}
        <TextField label="Title" required fullWidth {...input('title')} />
        <TextField label="Slug" required fullWidth {...input('slug')} />
        <TextField
          label="Address"
          required
          fullWidth
          type="url"
          placeholder="https://"
          {...input('url')}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
          <Button onClick={() => void navigate(-1)}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
