import Box from '@mui/material/Box';
import { GRID_COLUMNS, GRID_ROW_HEIGHT, type LayoutWidget } from '@portal/contract/oneview';
import type { ReactNode } from 'react';
import {
  ReactGridLayout,
  useContainerWidth,
  verticalCompactor,
  type Layout,
} from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { DRAG_HANDLE } from './widget-layout.ts';

interface LayoutGridProps {
  widgets: LayoutWidget[];
  /** Whether unlocked widgets may be dragged and resized. */
  movable: boolean;
  onChange: (widgets: LayoutWidget[]) => void;
  /** Called when the user ends a drag or a resize (not when the grid only compacts). */
  onTouched?: (() => void) | undefined;
  /** A widget's card, movable or not. */
  card: (widget: LayoutWidget, canMove: boolean) => ReactNode;
}

/**
 * The widgets on a 12-column grid (react-grid-layout) where they can be dragged by their handle
 * and resized; locked ones stay put. WidgetGrid loads it on screens wider than a phone.
 */
export function WidgetLayoutGrid({ widgets, movable, onChange, onTouched, card }: LayoutGridProps) {
  // The grid mounts once its box is measured: at the library's default first width (1280 px) the
  // widgets overflowed a narrower box, then slid into place for 200 ms, widening the page meanwhile.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const layout: Layout = widgets.map((w) => ({
    i: w.widget_key,
    x: w.x,
    y: w.y,
    w: w.w,
    h: w.h,
    static: !movable || w.locked,
  }));
  const onLayoutChange = (next: Layout) => {
    const changed = next.some((item) => {
      const before = widgets.find((w) => w.widget_key === item.i);
      return (
        !before ||
        before.x !== item.x ||
        before.y !== item.y ||
        before.w !== item.w ||
        before.h !== item.h
      );
    });
    if (!changed) return;
    onChange(
      widgets.map((w) => {
        const item = next.find((n) => n.i === w.widget_key);
        return item ? { ...w, x: item.x, y: item.y, w: item.w, h: item.h } : w;
      }),
    );
  };
  return (
    <Box ref={containerRef} data-testid="oneview-grid" sx={{ width: '100%' }}>
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: GRID_ROW_HEIGHT,
            margin: [12, 12],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: movable, handle: `.${DRAG_HANDLE}`, bounded: true }}
          resizeConfig={{ enabled: movable, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={onLayoutChange}
          onDragStop={() => onTouched?.()}
          onResizeStop={() => onTouched?.()}
        >
          {widgets.map((widget) => (
            <div key={widget.widget_key}>{card(widget, movable && !widget.locked)}</div>
          ))}
        </ReactGridLayout>
      )}
    </Box>
  );
}
