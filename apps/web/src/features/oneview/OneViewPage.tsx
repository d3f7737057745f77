import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GRID_COLUMNS,
  oneviewMessages,
  oneviewModeButtons,
  ONEVIEW_LAYOUT_EVENT,
  type LayoutWidget,
  type OneviewLayout,
} from '@portal/contract/oneview';
import { uploadFolders } from '@portal/contract/uploads';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { acceptOf, uploadSigned, UploadRefused } from '../../platform/uploads.ts';
import { notify } from '../../platform/toasts.ts';
import { useLiveEvents } from '../hr/live-events.ts';
import { companyIdOfUser, oneviewApi, oneviewKeys, oneviewQueries } from './oneview-api.ts';
import { leaveOneviewEdit, registerOneviewSave, useOneviewEdit } from './edit-state.ts';
import { ScopeBar, useScope } from './ScopeBar.tsx';
import { WidgetGrid } from './WidgetGrid.tsx';

const LIVE_TYPES = /^(clock\.|timeoff\.|timesheet\.|ready$)/;
const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Where a new widget goes: the first free row under the others. */
function placeNew(widgets: LayoutWidget[], key: string, title: string, w: number, h: number) {
  const bottom = widgets.reduce((max, x) => Math.max(max, x.y + x.h), 0);
  return [
    ...widgets,
    { widget_key: key, title, x: 0, y: bottom, w: Math.min(w, GRID_COLUMNS), h, locked: false },
  ];
}

/**
 * /oneview, the home dashboard: the caller's widgets (their own layout, or their mode's company
 * layout) with live figures for one scope. Unlocked widgets can be dragged by their handle and
 * resized, then kept as a personal layout. With Edit (sidebar, write_oneview) the page edits the
 * company's layout of the mode chosen with A/M/E, its locks and the background image; the
 * sidebar's Save posts them.
 */
export function OneViewPage() {
  const queryClient = useQueryClient();
  const { isEdit, editMode } = useOneviewEdit();
  const [scope, setScope, scopes, chosenScope] = useScope();
  const layoutMode = isEdit ? editMode : null;
  const layout = useQuery(oneviewQueries.layout(layoutMode));
  // Until a scope is picked the figures are asked for without one (the server's default scope, the
  // one the scope bar shows), beside the scope list rather than after it.
  const data = useQuery({ ...oneviewQueries.data(chosenScope), refetchInterval: 60_000 });
  const catalogue = useQuery({
    queryKey: oneviewKeys.catalogue,
    queryFn: ({ signal }) => oneviewApi.catalogue(signal).then((r) => r.data.results),
    enabled: isEdit,
  });
  useLiveEvents((event) => {
    if (LIVE_TYPES.test(event.type))
      void queryClient.invalidateQueries({ queryKey: ['oneview', 'data'] });
    if (event.type === ONEVIEW_LAYOUT_EVENT || event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: ['oneview', 'layout'] });
  });

  // The widgets as shown and moved: the server's layout until the user changes it.
  const [draft, setDraft] = useState<{ from: OneviewLayout; widgets: LayoutWidget[] } | null>(null);
  const [touched, setTouched] = useState(false);
  // A chosen background image, with the object URL that previews it until Save.
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [backgroundRemoved, setBackgroundRemoved] = useState(false);
  const [wasEditing, setWasEditing] = useState(isEdit);
  const background = chosen?.file ?? null;
  const previewUrl = chosen?.url ?? null;
  const choose = (file: File | null) => {
    setChosen((before) => {
      if (before) URL.revokeObjectURL(before.url);
      return file ? { file, url: URL.createObjectURL(file) } : null;
    });
  };
  // Leaving edit mode drops a background that was not saved.
  if (wasEditing !== isEdit) {
    setWasEditing(isEdit);
    if (!isEdit) {
      choose(null);
      setBackgroundRemoved(false);
    }
  }
  const fileInput = useRef<HTMLInputElement>(null);
  const server = layout.data;
  if (server && draft?.from !== server) {
    setDraft({ from: server, widgets: server.widgets });
    setTouched(false);
  }
  const widgets = draft?.widgets ?? [];
  // Leaving the page leaves edit mode.
  useEffect(() => () => leaveOneviewEdit(), []);

  const change = (next: LayoutWidget[]) => setDraft((d) => (d ? { ...d, widgets: next } : d));

  // Save (sidebar): the background first, then the positions of the mode being edited.
  const saveRef = useRef<() => Promise<boolean>>(async () => false);
  const save = async () => {
    if (background && background.size > uploadFolders.oneViewBgImg.maxBytes) {
      notify.danger(oneviewMessages.backgroundTooLarge, oneviewMessages.backgroundTooLargeTitle);
      return false;
    }
    try {
      if (background) {
        const url = await uploadSigned(
          '/photos/upload',
          'oneViewBgImg',
          background,
          oneviewMessages.backgroundTooLarge,
          { sendFolder: true },
        );
        const saved = await oneviewApi.saveBackground(url);
        notify.success(saved.message || oneviewMessages.background);
      } else if (backgroundRemoved) {
        const saved = await oneviewApi.saveBackground(null);
        notify.success(saved.message || oneviewMessages.background);
      }
    } catch (error) {
      if (error instanceof UploadRefused || (error instanceof ApiError && error.status === 413))
        notify.danger(oneviewMessages.backgroundTooLarge, oneviewMessages.backgroundTooLargeTitle);
      else notify.danger(errorMessage(error, oneviewMessages.backgroundTooLarge), 'Error');
      return false;
    }
    try {
      const reply = await oneviewApi.saveCompany({
        company_id: companyIdOfUser(),
        mode: editMode,
        widgetsData: widgets.map(({ widget_key, x, y, w, h, locked }) => ({
          widget_key,
          x,
          y,
          w,
          h,
          locked,
        })),
      });
      notify.success(reply.message || oneviewMessages.added);
    } catch (error) {
      notify.danger(errorMessage(error, oneviewMessages.notAdded));
      return false;
    }
    await queryClient.invalidateQueries({ queryKey: oneviewKeys.all });
    return true;
  };
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    registerOneviewSave(() => saveRef.current());
    return () => registerOneviewSave(null);
  }, []);

  const savePersonal = async () => {
    try {
      const reply = await oneviewApi.savePersonal(
        widgets.map(({ widget_key, x, y, w, h }) => ({ widget_key, x, y, w, h })),
      );
      notify.success(reply.message);
      queryClient.setQueryData(oneviewKeys.layout(null), reply.data);
    } catch (error) {
      notify.danger(errorMessage(error, 'Layout not saved'));
    }
  };
  const resetPersonal = async () => {
    try {
      const reply = await oneviewApi.resetPersonal();
      notify.success(reply.message);
      queryClient.setQueryData(oneviewKeys.layout(null), reply.data);
    } catch (error) {
      notify.danger(errorMessage(error, 'Layout not reset'));
    }
  };

  const shownBackground = isEdit
    ? (previewUrl ?? (backgroundRemoved ? null : (server?.background_url ?? null)))
    : (server?.background_url ?? null);
  const modeLabel = oneviewModeButtons.find((b) => b.mode === editMode)?.label ?? '';
  const available = (catalogue.data ?? []).filter(
    (entry) => !widgets.some((w) => w.widget_key === entry.key),
  );

  return (
    <Box
      sx={{
        minHeight: '100%',
        p: { xs: 1, md: 2 },
        backgroundImage: shownBackground ? `url("${shownBackground}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundAttachment: 'local',
      }}
      data-background={shownBackground ?? ''}
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="h5" component="h1">
            OneView
            {isEdit && (
              <Typography component="span" variant="subtitle1" sx={{ ml: 1 }}>
                · editing the {modeLabel} layout
              </Typography>
            )}
          </Typography>
          {!isEdit && <ScopeBar scope={scope} onChange={setScope} options={scopes.data} />}
        </Stack>

        {isEdit && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <TextField
              select
              size="small"
              label="Add widget"
              value=""
              sx={{ minWidth: 220 }}
              onChange={(event) => {
                const entry = available.find((e) => e.key === event.target.value);
                if (entry) change(placeNew(widgets, entry.key, entry.title, entry.w, entry.h));
              }}
              disabled={!available.length}
            >
              {available.map((entry) => (
                <MenuItem key={entry.key} value={entry.key}>
                  <AddIcon fontSize="small" sx={{ mr: 1 }} />
                  {entry.title}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              Background image
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label="Background image file"
              accept={acceptOf('oneViewBgImg')}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!file) return;
                if (file.size > uploadFolders.oneViewBgImg.maxBytes) {
                  notify.danger(
                    oneviewMessages.backgroundTooLarge,
                    oneviewMessages.backgroundTooLargeTitle,
                  );
                  return;
                }
                choose(file);
                setBackgroundRemoved(false);
              }}
            />
            {(background || server?.background_url) && !backgroundRemoved && (
              <Button
                color="inherit"
                onClick={() => {
                  choose(null);
                  setBackgroundRemoved(true);
                }}
              >
                Remove background
              </Button>
            )}
            {background && (
              <Typography variant="body2" color="text.secondary">
                {background.name} (saved with Save)
              </Typography>
            )}
          </Stack>
        )}

        {!isEdit && server && (touched || server.source === 'personal') && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {touched && (
              <>
                <Typography variant="body2">Your changes are not saved yet.</Typography>
                <Button size="small" variant="contained" onClick={() => void savePersonal()}>
                  Save my layout
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setDraft({ from: server, widgets: server.widgets });
                    setTouched(false);
                  }}
                >
                  Discard
                </Button>
              </>
            )}
            {server.source === 'personal' && !touched && (
              <Button size="small" variant="outlined" onClick={() => void resetPersonal()}>
                Reset to default
              </Button>
            )}
          </Stack>
        )}

        {data.isError && <Alert severity="error">{errorMessage(data.error, 'Bad Request')}</Alert>}
        {layout.isSuccess && widgets.length === 0 && (
          <Alert severity="info">
            {isEdit
              ? 'This layout has no widgets yet: add some above, then Save.'
              : 'There are no widgets for your role yet. Your admin can add them with Edit.'}
          </Alert>
        )}
        <WidgetGrid
          widgets={widgets}
          scope={scope}
          figures={data.data?.figures ?? []}
          loading={data.isPending}
          movable={layout.isSuccess}
          editing={isEdit}
          onChange={change}
          onTouched={() => {
            if (!isEdit) setTouched(true);
          }}
        />
      </Stack>
    </Box>
  );
}
