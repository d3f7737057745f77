import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { countDataSchema, listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema, listQuerySchema, relatedQuerySchema } from '@portal/contract/list-query';
import type { Permission } from '@portal/contract/permissions';
import {
  historyEntrySchema,
  patchSchemaOf,
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
  const read = `read_${definition.name}` as Permission;
  const write = `write_${definition.name}` as Permission;
  const tags = [definition.label.many];

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

  r.get(path, {
    schema: {
      tags,
      summary: `List ${definition.label.many}`,
      querystring: listQuerySchema,
      response: { 200: replySchema(listDataSchema(row)), ...errors },
    },
    config: { access: read },
    handler: async (request) => ok('', await service.list(db, callerOf(request), request.query)),
  });

  r.get(`${path}/count`, {
    schema: {
      tags,
      summary: `Count ${definition.label.many}`,
      querystring: listQuerySchema,
      response: { 200: replySchema(countDataSchema), ...errors },
    },
    config: { access: read },
    handler: async (request) => ok('', await service.count(db, callerOf(request), request.query)),
  });

  r.get(`${path}/:id`, {
    schema: {
      tags,
      summary: `Get a ${definition.label.one}`,
      params: idParamsSchema,
      querystring: relatedQuerySchema,
      response: rowReply,
    },
    config: { access: read },
    handler: async (request) =>
      ok('', await service.get(db, callerOf(request), request.params.id, request.query.related)),
  });

  r.post(path, {
    schema: {
      tags,
      summary: `Create a ${definition.label.one}`,
      body: definition.create,
      response: rowReply,
    },
    config: { access: write },
    handler: async (request) =>
      ok(messages.created, await service.create(db, callerOf(request), request.body)),
  });

  r.patch(`${path}/:id`, {
    schema: {
      tags,
      summary: `Update a ${definition.label.one}`,
      params: idParamsSchema,
      body: patchSchemaOf(definition),
      response: rowReply,
    },
    config: { access: write },
    handler: async (request) =>
      ok(
        messages.updated,
        await service.update(db, callerOf(request), request.params.id, request.body),
      ),
  });

  r.delete(`${path}/:id`, {
    schema: {
      tags,
      summary: `Delete a ${definition.label.one}`,
      params: idParamsSchema,
      response: rowReply,
    },
    config: { access: write },
    handler: async (request) =>
      ok(messages.deleted, await service.remove(db, callerOf(request), request.params.id)),
  });

  if (definition.deleteMode === 'deactivate') {
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
        description: transitionTable(machine, definition.name),
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
function transitionTable(machine: StatusMachine, resource: string): string {
  const moves = machine.transitions.map(
    (move) =>
      `- ${move.from.join(' or ')} -> ${move.to} ("${move.label}", needs ${move.permission ?? `write_${resource}`})`,
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
