import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import MoveIcon from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { historyEntrySchema, type HistoryEntry } from '@portal/contract/resource';
import {
  ASSET_MOVE_ACTION,
  companyAssetMessages,
  companyAssets,
  moveAssetBody,
  type MoveAssetBody,
} from '@portal/contract/resources/company';
import { stores } from '@portal/contract/resources/organisation';
import { uploadFolders } from '@portal/contract/uploads';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { failureMessage, successMessage } from '../../platform/resources/outcome.ts';
import { parseRouteId } from '../../platform/resources/paths.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { rowParser, updateRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import {
  REFERENCE_FETCH_SIZE,
  useInvalidateResource,
  useResourceList,
  useResourceRow,
} from '../../platform/resources/use-resource.ts';
import { notify } from '../../platform/toasts.ts';
import { fieldProps, useContractForm } from '../../platform/ui/contract-form.ts';
import { FileButton } from '../../platform/ui/FileButton.tsx';
import { acceptOf, UploadRefused, uploadSigned } from '../../platform/uploads.ts';
import { hasPermission } from '../auth/session.ts';

const PHOTO_SIGN_PATH = '/company-assets/photos/upload';
const PHOTO_FOLDER = 'asset-photos';
const PHOTO_MAX_MB = Math.round(uploadFolders[PHOTO_FOLDER].maxBytes / 1024 / 1024);
const { messages } = companyAssets;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const historyReply = z.array(historyEntrySchema);

/**
 * Below an asset's view: its photo (uploaded through a signed link), the Move to another store of
 * the company with a note, and every move it made (who, when, from, to, note), newest first.
 */
export function AssetPanel() {
  const id = parseRouteId(useParams().id);
  const row = useResourceRow(companyAssets, id);
  if (id === null || !row.data) return null;
  return <Panel row={row.data} />;
}

function Panel({ row }: { row: ResourceRow }) {
  const canWrite = hasPermission('write_company_assets');
  const [moving, setMoving] = useState(false);
  const equipment = row.kind === 'equipment';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Photo
        </Typography>
        {text(row.photo_url) ? (
          <Box
            component="img"
            src={text(row.photo_url)}
            alt={`Photo of ${text(row.name)}`}
            sx={{ maxWidth: 320, maxHeight: 240, objectFit: 'contain', borderRadius: 1 }}
          />
        ) : (
          <Typography color="text.secondary">No photo yet</Typography>
        )}
        {canWrite && <PhotoUpload row={row} />}
      </Paper>
      {equipment && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
            <Typography variant="h6" component="h2">
              Moves
            </Typography>
            {canWrite && (
              <Button variant="contained" startIcon={<MoveIcon />} onClick={() => setMoving(true)}>
                Move
              </Button>
            )}
          </Stack>
          <Moves id={row.id} />
        </Paper>
      )}
      {canWrite && equipment && (
        <MoveDialog row={row} open={moving} onClose={() => setMoving(false)} />
      )}
    </Box>
  );
}

/** Sign, PUT the image, then keep its address on the asset (PATCH photo_url). */
function PhotoUpload({ row }: { row: ResourceRow }) {
  const invalidate = useInvalidateResource(companyAssets);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const url = await uploadSigned(PHOTO_SIGN_PATH, PHOTO_FOLDER, file, messages.notUpdated);
      return updateRow(companyAssets, row.id, { photo_url: url });
    },
    onSuccess: (reply) => notify.success(successMessage(reply, messages.updated)),
    onError: (failure) =>
      notify.danger(
        failure instanceof UploadRefused
          ? failure.message
          : failureMessage(failure, messages.notUpdated),
      ),
    onSettled: () => invalidate(),
  });
  return (
    <Box>
      <FileButton
        label={text(row.photo_url) ? 'Replace photo' : 'Upload photo'}
        accept={acceptOf(PHOTO_FOLDER)}
        inputLabel="Asset photo"
        onFile={(file) => upload.mutate(file)}
        loading={upload.isPending}
        startIcon={<AddPhotoIcon />}
      />
      <Typography component="span" sx={{ ml: 2 }} color="text.secondary">
        An image up to {PHOTO_MAX_MB}MB
      </Typography>
    </Box>
  );
}

/** The asset's moves from its history (GET /company-assets/{id}/history, action move). */
function Moves({ id }: { id: number }) {
  const history = useQuery({
    queryKey: [...resourceKeys(companyAssets.name).detail(id), 'history'],
    queryFn: ({ signal }) =>
      api.get(`${companyAssets.path}/${id}/history`, historyReply, { signal }),
  });
  const moves = useMemo(
    () => (history.data?.data ?? []).filter((entry) => entry.action === ASSET_MOVE_ACTION),
    [history.data],
  );
  const columns = useMemo(
    (): DataColumn<HistoryEntry>[] => [
      {
        id: 'created_at',
        header: 'When',
        value: (entry) => new Date(entry.created_at).toLocaleString(),
      },
      { id: 'user_name', header: 'Who', value: (entry) => entry.user_name ?? '' },
      { id: 'from_status', header: 'From', value: (entry) => entry.from_status ?? '' },
      { id: 'to_status', header: 'To', value: (entry) => entry.to_status ?? '' },
      { id: 'note', header: 'Note', value: (entry) => entry.note ?? '' },
    ],
    [],
  );
  return (
    <DataTable
      columns={columns}
      rows={moves}
      getRowId={(entry) => String(entry.id)}
      label="Moves"
      reportName={`Asset ${id} moves`}
      loading={history.isPending}
      emptyMessage="Not moved yet"
    />
  );
}

type MoveInput = z.input<typeof moveAssetBody>;

/** Move: another store of the company and a note; one call, the move lands in the history. */
function MoveDialog({
  row,
  open,
  onClose,
}: {
  row: ResourceRow;
  open: boolean;
  onClose: () => void;
}) {
  const invalidate = useInvalidateResource(companyAssets);
  const storeList = useResourceList(stores, {
    page: 0,
    perPage: REFERENCE_FETCH_SIZE,
    sort: 'name',
    filter: { is_active: 'true' },
  });
  const choices = (storeList.data?.results ?? []).filter((store) => store.id !== row.store_id);
  const form = useContractForm<MoveInput, MoveAssetBody>(moveAssetBody, {
    defaultValues: { note: '' },
    guard: false,
  });
  const move = useMutation({
    mutationFn: (body: MoveAssetBody) =>
      api.post(`${companyAssets.path}/${row.id}/move`, body, rowParser(companyAssets)),
    onSuccess: (reply) => {
      notify.success(successMessage(reply, companyAssetMessages.moved));
      onClose();
    },
    onError: (error) => {
      const other = form.serverErrors(error);
      notify.danger(other[0] ?? failureMessage(error, companyAssetMessages.notMoved));
    },
    onSettled: () => invalidate(),
  });
  const submit = form.handleSubmit((body) => move.mutate(body));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>Move {text(row.name)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography color="text.secondary">
            Now at {text(row.store_name) || 'no store'}
          </Typography>
          <Controller
            name="store_id"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                select
                label="To store"
                required
                margin="dense"
                value={field.value ?? ''}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error ? 'Choose a store' : ' '}
              >
                {choices.map((store) => (
                  <MenuItem key={store.id} value={store.id}>
                    {text(store.name)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="note"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...fieldProps(field)}
                label="Note"
                multiline
                minRows={2}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={move.isPending}>
            Move
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
