import type { WidgetRow } from '@portal/contract/oneview';
import { defineWidget } from '../../platform/widgets.ts';
import { boardOf } from './services.ts';

/** Bulletins as OneView widgets. */
export const communicationsWidgets = [
  defineWidget({
    key: 'my_pending_bulletins',
    title: 'Bulletins to acknowledge',
    description: 'Bulletins that reach you whose current version you have not acknowledged yet',
    kind: 'records',
    subject: 'self',
    permission: null,
    needsAction: true,
    w: 3,
    h: 3,
    async rows(db, ctx): Promise<WidgetRow[]> {
      const board = await boardOf(db, ctx);
      return board
        .filter((bulletin) => bulletin.pending)
        .map((bulletin) => ({
          user_id: ctx.userId,
          name: bulletin.title,
          store_name: null,
          detail: `Version ${bulletin.version} of ${bulletin.version_at.slice(0, 10)}${
            bulletin.acknowledged_version === null ? '' : ', changed since you acknowledged it'
          }`,
          worked_hours: null,
          scheduled_hours: null,
          link: `/communications/bulletin-board#bulletin-${bulletin.id}-title`,
        }));
    },
  }),
];
