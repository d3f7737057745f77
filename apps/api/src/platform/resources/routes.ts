import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { countDataSchema, listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema, listQuerySchema, relatedQuerySchema } from '@portal/contract/list-query';
import {
  historyEntrySchema,
  offers,
  patchSchemaOf,
  readAccessOf,
  writeAccessOf,
  transitionBodySchema,
  type ResourceDefinition,
  type StatusMachine,
} from '@portal/contract/resource';
import type { Database } from '../database.ts';
import { callerOf } from '../access.ts';
import { errorReplies, ok } from '../reply.ts';
import { mountBulk } from './bulk.ts';
import type { ResourceService } from './service.ts';

const errors = errorReplies(400, 403, 404, 409, 460);

/**
 * Mounts the standard routes of one resource: list, count, get, create, update, delete and, where
 * delete deactivates, activate. Validation, permissions and the envelope come from the declaration.
 */
export function mountResource(app: FastifyInstance, db: Database, service: ResourceService) {
  const definition: ResourceDefinition = service.definition;
  const { path, messages } = definition;
  const read = readAccessOf(definition);
  const write = writeAccessOf(definition);
  const tags = [definition.label.many];
  // A parent-scoped resource lives under its parent's row: /employees/:id/documents/:documentId.
  const parent = definition.parent;
  const idString = idParamsSchema.shape.id;
  const base = parent ? `${parent.path}/:id${path}` : path;
  const rowPath = parent ? `${base}/:${parent.rowParam}` : `${path}/:id`;
  const listParams = parent ? { params: z.strictObject({ id: idString }) } : {};
  const rowParams = parent
    ? z.strictObject({ id: idString, [parent.rowParam]: idString })
    : idParamsSchema;
  // Under a parent, `:id` is the parent's and the row's id has its own name.
  const parentOf = (params: unknown): number | undefined =>
    parent ? (params as Record<string, number>).id : undefined;
  const rowIdOf = (params: unknown): number =>
    (params as Record<string, number>)[parent ? parent.rowParam : 'id'] ?? 0;
  const listQuery = definition.defaultPerPage
    ? listQuerySchema.extend({
        perPage: listQuerySchema.shape.perPage.removeDefault().default(definition.defaultPerPage),
      })
    : listQuerySchema;
  const replies = definition.replies ?? {};

  // A row may carry each declared relation when asked for with `related=`: the related row's
  // columns, as the engine loads them (not fields a resource's own hooks add, such as a role's
  // permission_group_ids, whose absence made every `GET /users?related=role` a 500).
  const relatedShape = Object.fromEntries(
    Object.entries(service.relations).map(([name, relation]) => {
      const columns = getTableColumns(relation.table);
      const shape = Object.fromEntries(
        Object.entries(relation.definition.row.shape).filter(([key]) => key in columns),
      );
      return [name, z.object(shape).nullable().optional()];
    }),
  );
  // Widened on purpose: the engine serves every resource, so rows are plain records here;
  // at run time the full schema still validates and strips each reply.
  const row: z.ZodType<Record<string, unknown>> = definition.row.extend(relatedShape);
  const rowReply = { 200: replySchema(row), ...errors };
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (offers(definition, 'list')) {
    r.get(base, {
      schema: {
        tags,
        summary: `List ${definition.label.many}`,
        ...listParams,
        querystring: listQuery,
        response: { 200: replySchema(replies.list ?? listDataSchema(row)), ...errors },
      },
      config: { access: read },
      handler: async (request) =>
        ok(
          '',
          await service.listReply(db, callerOf(request), request.query, parentOf(request.params)),
        ),
    });

    r.get(`${base}/count`, {
      schema: {
        tags,
        summary: `Count ${definition.label.many}`,
        ...listParams,
        querystring: listQuerySchema,
        response: { 200: replySchema(countDataSchema), ...errors },
      },
      config: { access: read },
      handler: async (request) =>
        ok('', await service.count(db, callerOf(request), request.query, parentOf(request.params))),
    });
  }

  if (offers(definition, 'get')) {
    r.get(rowPath, {
      schema: {
        tags,
        summary: `Get a ${definition.label.one}`,
        params: rowParams,
        querystring: relatedQuerySchema,
        response: rowReply,
      },
      config: { access: read },
      handler: async (request) =>
        ok(
          '',
          await service.get(
            db,
            callerOf(request),
            rowIdOf(request.params),
            request.query.related,
            parentOf(request.params),
          ),
        ),
    });
  }

  if (offers(definition, 'create')) {
    r.post(base, {
      schema: {
        tags,
        summary: `Create a ${definition.label.one}`,
        ...listParams,
        body: definition.create,
        response: { 200: replySchema(replies.create ?? row), ...errors },
      },
      config: { access: write },
      handler: async (request) =>
        ok(
          messages.created,
          await service.createReply(db, callerOf(request), request.body, parentOf(request.params)),
        ),
    });
  }

  if (offers(definition, 'update')) {
    r.patch(rowPath, {
      schema: {
        tags,
        summary: `Update a ${definition.label.one}`,
        params: rowParams,
        body: patchSchemaOf(definition),
        response: rowReply,
      },
      config: { access: write },
      handler: async (request) =>
        ok(
          messages.updated,
          await service.update(
            db,
            callerOf(request),
            rowIdOf(request.params),
            request.body,
            parentOf(request.params),
          ),
        ),
    });
  }

  if (offers(definition, 'delete')) {
    r.delete(rowPath, {
      schema: {
        tags,
        summary: `Delete a ${definition.label.one}`,
        params: rowParams,
        response: rowReply,
      },
      config: { access: write },
      handler: async (request) =>
        ok(
          messages.deleted,
          await service.remove(
            db,
            callerOf(request),
            rowIdOf(request.params),
            parentOf(request.params),
          ),
        ),
    });
  }

  if (definition.deleteMode === 'deactivate' && offers(definition, 'delete')) {
    r.delete(`${path}/activate/:id`, {
      schema: {
        tags,
        summary: `Activate a ${definition.label.one}`,
        params: idParamsSchema,
        response: rowReply,
      },
      config: { access: write },
      handler: async (request) =>
        ok(messages.activated, await service.activate(db, callerOf(request), request.params.id)),
    });
  }

  const machine = definition.statuses;
  if (machine) {
    r.post(`${path}/:id/transition`, {
      schema: {
        tags,
        summary: `Change the status of a ${definition.label.one}`,
        description: transitionTable(machine, write),
        params: idParamsSchema,
        body: transitionBodySchema,
        response: rowReply,
      },
      // Reading is the floor; each move checks its own permission.
      config: { access: read },
      handler: async (request) =>
        ok(
          machine.messages.moved,
          await service.transition(db, callerOf(request), request.params.id, request.body),
        ),
    });
  }

  for (const [name, action] of Object.entries(definition.actions ?? {})) {
    r.post(`${path}/:id/${name}`, {
      schema: {
        tags,
        summary: `${action.label} a ${definition.label.one}`,
        description: action.allowedIn
          ? `Offered when the status is ${action.allowedIn.join(', ')}.`
          : undefined,
        params: idParamsSchema,
        body: action.body,
        response: rowReply,
      },
      config: { access: action.permission ?? write },
      handler: async (request) =>
        ok(
          action.messages.done,
          await service.runAction(db, callerOf(request), request.params.id, name, request.body),
        ),
    });
  }

  if (definition.history || machine) {
    r.get(`${path}/:id/history`, {
      schema: {
        tags,
        summary: `History of a ${definition.label.one}`,
        description: 'Newest first: creates, changes (before and after), transitions and actions.',
        params: idParamsSchema,
        response: { 200: replySchema(z.array(historyEntrySchema)), ...errors },
      },
      config: { access: read },
      handler: async (request) =>
        ok('', await service.history(db, callerOf(request), request.params.id)),
    });
  }

  mountBulk(app, db, service);
  service.routes?.(app, db);
}

/** The allowed moves as the OpenAPI description of the transition route shows them. */
function transitionTable(machine: StatusMachine, write: string): string {
  const moves = machine.transitions.map(
    (move) =>
      `- ${move.from.join(' or ')} -> ${move.to} ("${move.label}", needs ${move.permission ?? write})`,
  );
  return [
    `Statuses: ${machine.states.join(', ')}; new rows start ${machine.initial}.`,
    'Allowed moves (any other is a 409):',
    ...moves,
    machine.editableIn
      ? `Editable (PATCH, DELETE) only when ${machine.editableIn.join(', ')}.`
      : '',
    "Each row's allowed_transitions lists the moves the caller may make now.",
  ].join('\n');
}
