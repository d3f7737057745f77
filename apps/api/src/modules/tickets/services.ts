import { and, eq, sql } from 'drizzle-orm';
import {
  templateFieldRequired,
  tickets as ticketResource,
  type TemplateField,
  type TemplateValues,
} from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ticketChanged } from './events.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { notify } from '../notifications/api.ts';
import { recordEvent, refreshSla, waitReason } from './sla.ts';
import { queueTicketFiles } from './attachments.ts';
import { lockTicket } from './lock.ts';
import { ticketEvents, tickets, ticketTemplates } from './schema.ts';

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** Tells a new assignee (not when they assigned it to themselves). */
async function tellAssignee(
  tx: Tx,
  ctx: RequestContext,
  companyId: number,
  ticket: { id: number; subject: string },
  assigneeId: number | null,
) {
  if (assigneeId === null || assigneeId === ctx.userId) return;
  await notify(tx, companyId, {
    kind: 'ticket.assigned',
    userIds: [assigneeId],
    title: `Ticket #${ticket.id} assigned to you`,
    body: ticket.subject,
    link: `/task-center/${ticket.id}`,
  });
}

/** Screens showing tickets refetch when one changes (ids only, after the change commits). */
const changed = ticketChanged;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The template's own fields as a ticket fills them in: every required one present (400 naming
 * the first missing one, each on its field), numbers numbers, dates YYYY-MM-DD, no unknown keys.
 */
export function checkTemplateValues(
  fields: readonly TemplateField[],
  values: TemplateValues,
): TemplateValues {
  const errors: Record<string, string[]> = {};
  const out: TemplateValues = {};
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(values))
    if (!known.has(key)) errors[`template_values.${key}`] = [`Unknown field ${key}`];
  for (const field of fields) {
    const raw = values[field.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const path = `template_values.${field.key}`;
    if (value === undefined || value === null || value === '') {
      if (field.required) errors[path] = [templateFieldRequired(field.label)];
      out[field.key] = null;
      continue;
    }
    if (field.kind === 'number') {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) errors[path] = [`${field.label} must be a number`];
      else out[field.key] = number;
    } else if (field.kind === 'date') {
      if (typeof value !== 'string' || !DATE.test(value))
        errors[path] = [`${field.label} must be a date (YYYY-MM-DD)`];
      else out[field.key] = value;
    } else out[field.key] = String(value);
  }
  const [first] = Object.values(errors);
  if (first?.[0]) throw AppError.badRequest(first[0], errors);
  return out;
}

async function templateOf(tx: Executor, companyId: number, templateId: number) {
  const [template] = await tx
    .select()
    .from(ticketTemplates)
    .where(and(tenantScope(ticketTemplates, companyId), eq(ticketTemplates.id, templateId)));
  if (!template || !template.is_active) {
    const message = 'Choose an active ticket template';
    throw AppError.badRequest(message, { template_id: [message] });
  }
  return template;
}

/** Transactions in an update (beforeUpdate ran), so afterWrite tells a create from an update. */
const updating = new WeakSet<Tx>();

/** Task and support tickets: statuses and history on the engine, assignment told to the assignee. */
export const ticketService = createResourceService({
  definition: ticketResource,
  table: tickets,
  tenantColumn: 'company_id',
  hooks: {
    /** A ticket from a template takes its type (and priority, unless given) and checks its fields. */
    async beforeCreate(input, ctx, tx) {
      const { template_values: values, ...rest } = input;
      const base = { ...rest, requester_id: ctx.userId, source: 'internal' };
      if (input.template_id === undefined || input.template_id === null) {
        if (values && Object.keys(values).length) {
          const message = 'Fields are only for a ticket from a template';
          throw AppError.badRequest(message, { template_values: [message] });
        }
        return base;
      }
      const template = await templateOf(tx, ctx.companyId, input.template_id);
      return {
        ...base,
        type_id: template.type_id,
        priority_id: input.priority_id ?? template.priority_id,
        template_values: checkTemplateValues(template.fields, values ?? {}),
      };
    },
    /** A new assignee hears of it (told in the update's transaction). */
    async beforeUpdate(input, existing, ctx, tx) {
      updating.add(tx);
      const companyId = Number(existing.company_id);
      const ticketId = Number(existing.id);
      let changes: Record<string, unknown> = input;
      if (input.template_values !== undefined) {
        const templateId = idOf(existing.template_id);
        if (templateId === null) {
          const message = 'Fields are only for a ticket from a template';
          throw AppError.badRequest(message, { template_values: [message] });
        }
        const template = await templateOf(tx, companyId, templateId);
        changes = {
          ...input,
          template_values: checkTemplateValues(template.fields, input.template_values),
        };
      }
      // The log keeps priority and store changes (the clocks' targets and calendar).
      for (const [field, kind] of [
        ['priority_id', 'priority'],
        ['store_id', 'store'],
      ] as const)
        if (input[field] !== undefined && input[field] !== idOf(existing[field]))
          await tx.insert(ticketEvents).values({
            company_id: companyId,
            ticket_id: ticketId,
            kind,
            actor_id: ctx.userId,
            value: input[field] === null ? null : String(input[field]),
          });
      if (input.assignee_id !== undefined && input.assignee_id !== idOf(existing.assignee_id))
        await tellAssignee(
          tx,
          ctx,
          Number(existing.company_id),
          { id: Number(existing.id), subject: String(input.subject ?? existing.subject) },
          input.assignee_id,
        );
      return changes;
    },
    /** The ticket's files go once its delete commits (their rows go by the cascade). */
    beforeRemove: (row, _ctx, tx) => queueTicketFiles(tx, Number(row.company_id), Number(row.id)),
    async afterWrite(row, _input, ctx, tx) {
      const companyId = Number(row.company_id);
      const id = Number(row.id);
      // A create (no beforeUpdate ran in this transaction): its assignee hears of it here.
      if (!updating.delete(tx)) {
        await tellAssignee(
          tx,
          ctx,
          companyId,
          { id, subject: String(row.subject) },
          idOf(row.assignee_id),
        );
        await recordEvent(tx, companyId, id, {
          kind: 'created',
          actorId: ctx.userId,
          at: String(row.created_at),
        });
      } else await refreshSla(tx, await lockTicket(tx, companyId, id));
      await changed(tx, companyId, id);
    },
  },
  /** Closing stamps closed_at (the public link dies 14 days later); the requester hears of moves. */
  async onTransition(row, from, ctx, tx) {
    const companyId = Number(row.company_id);
    const id = Number(row.id);
    await recordEvent(tx, companyId, id, {
      kind: 'status',
      actorId: ctx.userId,
      value: String(row.status),
      reason: row.status === 'pending' ? (waitReason.getStore() ?? null) : null,
    });
    if (row.status === 'closed')
      await tx
        .update(tickets)
        .set({ closed_at: sql`now()` })
        .where(and(tenantScope(tickets, companyId), eq(tickets.id, id)));
    const requester = idOf(row.requester_id);
    if (requester !== null && requester !== ctx.userId)
      await notify(tx, companyId, {
        kind: 'ticket.status_changed',
        userIds: [requester],
        title: `Ticket #${id} is ${String(row.status)}`,
        body: `${String(row.subject)} (was ${from})`,
        link: `/task-center/${id}`,
      });
    await changed(tx, companyId, id);
  },
});
