import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { chartIdOfWidgetKey, type LayoutWidget, type WidgetFigure } from '@portal/contract/oneview';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Scope } from './oneview-api.ts';
import { DRAG_HANDLE } from './widget-layout.ts';

// The draggable 12-column grid (react-grid-layout and its styles) loads on a wider screen only: a
// phone's stack does not need it.
const WidgetLayoutGrid = lazy(async () => ({
  default: (await import('./WidgetLayoutGrid.tsx')).WidgetLayoutGrid,
}));

// A pinned chart brings reporting's chart library, only when one is on the grid.
const PinnedChart = lazy(async () => ({
  default: (await import('../reporting/PinnedChart.tsx')).PinnedChart,
}));

interface CardProps {
  widget: LayoutWidget;
  scope: Scope | null;
  figure: WidgetFigure | undefined;
  loading: boolean;
  movable: boolean;
  editing: boolean;
  onToggleLock?: () => void;
  onRemove?: () => void;
}

/** One widget: its title, its figure, and the list it counts. */
function WidgetCard({
  widget,
  scope,
  figure,
  loading,
  movable,
  editing,
  onToggleLock,
  onRemove,
}: CardProps) {
  const headingId = `oneview-widget-${widget.widget_key}`;
  const chartId = chartIdOfWidgetKey(widget.widget_key);
  let value = '';
  if (figure) {
    value =
      figure.kind === 'hours'
        ? `${figure.value} h / ${figure.secondary ?? 0} h`
        : String(figure.value);
  }
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      data-widget={widget.widget_key}
      variant="outlined"
      sx={{
        height: '100%',
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        bgcolor: (theme) =>
          theme.palette.mode === 'dark' ? 'rgba(18,18,18,0.92)' : 'rgba(255,255,255,0.94)',
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        {movable && (
          <Box
            className={DRAG_HANDLE}
            aria-hidden
            sx={{ cursor: 'move', display: 'flex', color: 'text.secondary' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </Box>
        )}
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle2"
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
          noWrap
        >
          {widget.title}
        </Typography>
        {widget.locked && !editing && (
          <LockIcon fontSize="small" color="action" titleAccess="Locked by an admin" />
        )}
        {editing && onToggleLock && (
          <IconButton
            size="small"
            onClick={onToggleLock}
            aria-label={widget.locked ? `Unlock ${widget.title}` : `Lock ${widget.title}`}
            aria-pressed={widget.locked}
          >
            {widget.locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
          </IconButton>
        )}
        {editing && onRemove && (
          <IconButton
            size="small"
            onClick={onRemove}
            disabled={widget.locked}
            aria-label={`Remove ${widget.title}`}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', minHeight: 0 }}>
        {chartId !== null ? (
          <Box sx={{ width: '100%', height: '100%', minWidth: 0 }}>
            <Suspense fallback={<Skeleton variant="rectangular" height="100%" />}>
              <PinnedChart chartId={chartId} scope={scope} />
            </Suspense>
          </Box>
        ) : loading && !figure ? (
          <Skeleton width="50%" height={48} />
        ) : figure ? (
          <Link
            component={RouterLink}
            to={figure.list_url}
            underline="hover"
            aria-label={`${widget.title}: ${value}. Open the list`}
            sx={{ fontSize: { xs: 28, sm: 34 }, fontWeight: 600, lineHeight: 1.2 }}
            data-figure={figure.value}
          >
            {value}
          </Link>
        ) : (
          <Typography color="text.secondary" variant="body2">
            No figure for this scope
          </Typography>
        )}
      </Box>
      {figure?.kind === 'hours' && (
        <Typography variant="caption" color="text.secondary">
          worked / scheduled
        </Typography>
      )}
    </Paper>
  );
}

interface GridProps {
  widgets: LayoutWidget[];
  /** The scope bar's scope, which pinned charts follow too. */
  scope: Scope | null;
  figures: WidgetFigure[];
  loading: boolean;
  /** Whether unlocked widgets may be dragged and resized. */
  movable: boolean;
  /** Company layout editing: lock and remove buttons. */
  editing: boolean;
  onChange: (widgets: LayoutWidget[]) => void;
  /** Called when the user ends a drag or a resize (not when the grid only compacts). */
  onTouched?: () => void;
}

/**
 * The widgets on a 12-column grid where they can be dragged by their handle and resized (the
 * lazily loaded WidgetLayoutGrid); locked ones stay put. On a phone they stack in one column, in
 * layout order, and the grid's library is never loaded.
 */
export function WidgetGrid({
  widgets,
  scope,
  figures,
  loading,
  movable,
  editing,
  onChange,
  onTouched,
}: GridProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const figureOf = (key: string) => figures.find((f) => f.key === key);
  const update = (key: string, change: Partial<LayoutWidget> | null) =>
    onChange(
      change === null
        ? widgets.filter((w) => w.widget_key !== key)
        : widgets.map((w) => (w.widget_key === key ? { ...w, ...change } : w)),
    );
  const card = (widget: LayoutWidget, canMove: boolean) => (
    <WidgetCard
      widget={widget}
      scope={scope}
      figure={figureOf(widget.widget_key)}
      loading={loading}
      movable={canMove}
      editing={editing}
      onToggleLock={
        editing ? () => update(widget.widget_key, { locked: !widget.locked }) : undefined
      }
      onRemove={editing ? () => update(widget.widget_key, null) : undefined}
    />
  );

  if (phone) {
    const ordered = [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);
    return (
      <Stack spacing={1.5} data-testid="oneview-stack">
        {ordered.map((widget) => (
          <Box key={widget.widget_key} sx={{ minHeight: 120 }}>
            {card(widget, false)}
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Suspense fallback={null}>
      <WidgetLayoutGrid
        widgets={widgets}
        movable={movable}
        onChange={onChange}
        onTouched={onTouched}
        card={card}
      />
    </Suspense>
  );
}
