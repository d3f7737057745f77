import { CsvError, parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import {
  BULK_MAX_ROWS,
  bulkMessages as messages,
  bulkRequestSchema,
  bulkResultSchema,
  type BulkRowError,
} from '@portal/contract/platform';
import { patchSchemaOf, writeAccessOf, type ResourceDefinition } from '@portal/contract/resource';
import { callerOf } from '../access.ts';
import type { RequestContext } from '../context.ts';
import type { Database, Tx } from '../database.ts';
import { AppError } from '../errors.ts';
import { ok } from '../reply.ts';
import type { ResourceService } from './service.ts';

/**
 * Bulk CSV for engine resources that declare `bulk` (contract `ResourceDefinition.bulk`):
 *
 * - `GET {path}/bulk/template?kind=create|update|delete`: the columns and a header line;
 * - `POST {path}/bulk`: one create per row; `PATCH {path}/bulk`: one update per row by `id`
 *   (empty cells leave a field as it is); `POST {path}/bulk/delete`: one delete per row by `id`.
 *
 * Cells are typed from the resource's own create/update schema (numbers, true/false, `a;b` lists),
 * every row is validated by that schema and written through the resource's service (its hooks,
 * tenant scope and messages), all in one transaction: any row with an error rolls the whole file
 * back and the reply lists every problem by line and column. `dry_run` checks without saving.
 */

export type BulkKind = 'create' | 'update' | 'delete';

/** The columns a file of this kind has, in template order. */
export function bulkColumns(definition: ResourceDefinition, kind: BulkKind): string[] {
  if (kind === 'delete') return ['id'];
  const fields = Object.keys((kind === 'create' ? definition.create : definition.update).shape);
  return kind === 'update' ? ['id', ...fields.filter((field) => field !== 'id')] : fields;
}

/** The zod type under optional/nullable/default wrappers. */
function innerType(field: z.ZodType | undefined): string {
  let current: z.ZodType | undefined = field;
  for (let depth = 0; current && depth < 8; depth++) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault
    ) {
      current = current.unwrap() as z.ZodType;
      continue;
    }
    if (current instanceof z.ZodArray) return `array:${innerType(current.element as z.ZodType)}`;
    return current._zod.def.type;
  }
  return 'unknown';
}

/** One cell as the schema wants it: '' is "not given"; numbers, booleans and `;` lists typed. */
function cellValue(raw: string, type: string): unknown {
  if (raw === '') return undefined;
  if (type.startsWith('array:')) {
    const element = type.slice('array:'.length);
    return raw
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => cellValue(part, element));
  }
  if (type === 'number' || type === 'int' || type === 'bigint')
    return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') {
    const lower = raw.toLowerCase();
    if (['true', 'yes', '1'].includes(lower)) return true;
    if (['false', 'no', '0'].includes(lower)) return false;
    return raw;
  }
  if (raw.toLowerCase() === 'null' && type !== 'string') return null;
  return raw;
}

export interface SourceRow {
  line: number;
  values: Record<string, string>;
}

const csvRecords = z.array(
  z.object({ record: z.array(z.string()), info: z.object({ lines: z.number().int() }) }),
);

/**
 * The file's rows keyed by column, with their line numbers; header problems are errors. Also read
 * by files that are not one row per record (a CSV order: one order of many lines).
 */
export function readCsv(csv: string, columns: string[], errors: BulkRowError[]): SourceRow[] {
  let records: z.infer<typeof csvRecords>;
  try {
    records = csvRecords.parse(
      parse(csv, {
        info: true,
        bom: true,
        trim: true,
        skip_empty_lines: true,
        relax_column_count: true,
      }),
    );
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : 1;
    errors.push({ line, field: null, message: `The file is not valid CSV: ${error.message}` });
    return [];
  }
  const [header, ...data] = records;
  if (!header) {
    errors.push({ line: 1, field: null, message: messages.noRows });
    return [];
  }
  const names = header.record.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
  for (const name of names)
    if (!columns.includes(name))
      errors.push({ line: 1, field: name, message: messages.unknownColumn(name) });
  if (columns[0] === 'id' && !names.includes('id'))
    errors.push({ line: 1, field: 'id', message: messages.missingId });
  if (errors.length) return [];
  return data.map(({ record, info }) => {
    // info.lines is the line where the record ends; a quoted cell may span lines.
    const line = info.lines - record.join('').split('\n').length + 1;
    if (record.length !== names.length)
      errors.push({
        line,
        field: null,
        message: `Expected ${names.length} columns, found ${record.length}`,
      });
    return { line, values: Object.fromEntries(names.map((name, i) => [name, record[i] ?? ''])) };
  });
}

/** A row's typed object for `schema`, or its errors by column. */
function parseRow(
  row: SourceRow,
  schema: z.ZodObject,
  errors: BulkRowError[],
): Record<string, unknown> | undefined {
  const input: Record<string, unknown> = {};
  for (const [column, raw] of Object.entries(row.values)) {
    if (column === 'id') continue;
    const field = schema.shape[column] as z.ZodType | undefined;
    const type = innerType(field);
    const value = cellValue(raw, type);
    if (value !== undefined) input[column] = value;
    // An empty cell of a required text field stays '', so the field's own message ("Name is
    // required") is the one reported; elsewhere an empty cell means "not given".
    else if (type === 'string' && field && !field.safeParse(undefined).success) input[column] = '';
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  for (const issue of parsed.error.issues)
    errors.push({
      line: row.line,
      field: issue.path.length ? issue.path.join('.') : null,
      message: issue.message,
    });
  return undefined;
}

function rowId(row: SourceRow, errors: BulkRowError[]): number | undefined {
  const raw = row.values.id ?? '';
  if (/^\d{1,15}$/.test(raw) && Number(raw) > 0) return Number(raw);
  errors.push({ line: row.line, field: 'id', message: 'must be a positive whole number' });
  return undefined;
}

/** What a failed write of one row says: the service's message (and field), or the database's. */
function rowFailure(line: number, error: unknown): BulkRowError[] {
  if (error instanceof AppError) {
    const fields = Object.entries(error.errors ?? {});
    if (fields.length)
      return fields.flatMap(([field, list]) => list.map((message) => ({ line, field, message })));
    return [{ line, field: null, message: error.message }];
  }
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '23505')
      return [{ line, field: null, message: 'A record with these details already exists' }];
    if (code === '23503')
      return [{ line, field: null, message: 'A referenced record does not exist' }];
    current = (current as { cause?: unknown }).cause;
  }
  throw error;
}

class Rollback extends Error {}

/** Runs one bulk file of `kind` for `service`: all rows or none. */
export async function runBulk(
  db: Database,
  ctx: RequestContext,
  service: ResourceService,
  kind: BulkKind,
  request: { csv: string; dry_run: boolean },
): Promise<{ count: number; ids: number[] }> {
  const definition: ResourceDefinition = service.definition;
  const max = definition.bulk?.maxRows ?? BULK_MAX_ROWS;
  const errors: BulkRowError[] = [];
  const rows = readCsv(request.csv, bulkColumns(definition, kind), errors);
  if (!errors.length && !rows.length) throw AppError.badRequest(messages.noRows);
  if (rows.length > max) throw AppError.badRequest(messages.tooMany(max));
  const schema = kind === 'create' ? definition.create : patchSchemaOf(definition);
  const ids: number[] = [];

  const work = async (tx: Tx) => {
    for (const row of rows) {
      const id = kind === 'create' ? undefined : rowId(row, errors);
      const input = kind === 'delete' ? {} : parseRow(row, schema, errors);
      if (!input || (kind !== 'create' && id === undefined)) continue;
      try {
        // Each row runs in its own savepoint (the service's transaction inside this one), so a
        // refused row is reported and the rest are still checked.
        const written =
          kind === 'create'
            ? await service.create(tx, ctx, input)
            : kind === 'update'
              ? await service.update(tx, ctx, id ?? 0, input)
              : await service.remove(tx, ctx, id ?? 0);
        ids.push(written.id);
      } catch (error) {
        errors.push(...rowFailure(row.line, error));
      }
    }
    if (errors.length || request.dry_run) throw new Rollback();
  };

  if (!errors.length) {
    try {
      await db.transaction(work);
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
  }
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    const lines = new Set(errors.map((error) => error.line)).size;
    throw new AppError(400, messages.failed(lines), undefined, { errors });
  }
  return { count: ids.length, ids: request.dry_run ? [] : ids };
}

const replyErrors = {
  400: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  460: errorReplySchema,
};

/** Mounts the bulk routes of a resource that declares `bulk` (called by mountResource). */
export function mountBulk(app: FastifyInstance, db: Database, service: ResourceService) {
  const definition: ResourceDefinition = service.definition;
  if (!definition.bulk) return;
  const { path, label } = definition;
  const write = writeAccessOf(definition);
  const tags = [label.many];
  const many = label.many.toLowerCase();
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bodyLimit = 11 * 1024 * 1024;

  r.get(`${path}/bulk/template`, {
    schema: {
      tags,
      summary: `The CSV columns of a bulk file of ${many}`,
      querystring: z.object({ kind: z.enum(['create', 'update', 'delete']).default('create') }),
      response: {
        200: replySchema(z.object({ columns: z.array(z.string()), csv: z.string() })),
        ...replyErrors,
      },
    },
    config: { access: write },
    handler: async (request) => {
      const columns = bulkColumns(definition, request.query.kind);
      return ok('', { columns, csv: `${columns.join(',')}\n` });
    },
  });

  const routes: { method: 'POST' | 'PATCH'; url: string; kind: BulkKind }[] = [
    { method: 'POST', url: `${path}/bulk`, kind: 'create' },
    { method: 'PATCH', url: `${path}/bulk`, kind: 'update' },
    { method: 'POST', url: `${path}/bulk/delete`, kind: 'delete' },
  ];
  for (const { method, url, kind } of routes) {
    r.route({
      method,
      url,
      bodyLimit,
      schema: {
        tags,
        summary: `Bulk ${kind} ${many} from a CSV file (all or nothing)`,
        body: bulkRequestSchema,
        response: { 200: replySchema(bulkResultSchema), ...replyErrors },
      },
      config: { access: write },
      handler: async (request) => {
        const result = await runBulk(db, callerOf(request), service, kind, request.body);
        const message = request.body.dry_run
          ? messages.checked(result.count)
          : messages[kind === 'create' ? 'created' : kind === 'update' ? 'updated' : 'deleted'](
              result.count,
              result.count === 1 ? label.one : label.many,
            );
        return ok(message, { ...result, dry_run: request.body.dry_run });
      },
    });
  }
}
