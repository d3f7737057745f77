import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  moduleFields as moduleFieldResource,
  roleBasedFields as roleBasedFieldResource,
  type ModuleFieldBulkUpdate,
  type PublicModuleField,
} from '@portal/contract/resources/module-fields';
import { tenantResource } from '../../platform/module.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { roleRelation } from '../access/api.ts';
import { activeCompany } from '../organisation/api.ts';
import { moduleFields, roleModuleFields } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export const moduleFieldService = tenantResource(moduleFieldResource, moduleFields);

export const roleBasedFieldService = createResourceService({
  definition: roleBasedFieldResource,
  table: roleModuleFields,
  tenantColumn: 'company_id',
  relations: {
    role: roleRelation(),
    module_field: {
      table: moduleFields,
      definition: moduleFieldResource,
      column: 'module_field_id',
    },
  },
});

/**
 * Updates many module fields in one transaction: every id must be one of the caller's company's
 * fields, or nothing changes (404); a change that breaks a rule (a duplicate key) undoes them all.
 */
export async function bulkUpdateModuleFields(
  db: Database,
  ctx: RequestContext,
  input: ModuleFieldBulkUpdate,
): Promise<Row[]> {
  const ids = input.items.map((item) => item.id);
  return db.transaction(async (tx) => {
    const scope = isSuperAdmin(ctx) ? undefined : tenantScope(moduleFields, ctx.companyId);
    const found = await tx
      .select({ id: moduleFields.id })
      .from(moduleFields)
      .where(and(inArray(moduleFields.id, ids), scope))
      .for('update');
    if (found.length !== ids.length) {
      const known = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !known.has(id));
      throw new AppError(404, `Module field not found: ${missing.join(', ')}`);
    }
    for (const { id, ...changes } of input.items) {
      if (!Object.keys(changes).length) continue;
      await tx
        .update(moduleFields)
        .set({ ...changes, updated_at: sql`now()` })
        .where(and(eq(moduleFields.id, id), scope));
    }
    const rows = await tx
      .select()
      .from(moduleFields)
      .where(and(inArray(moduleFields.id, ids), scope))
      .orderBy(asc(moduleFields.module), asc(moduleFields.order), asc(moduleFields.id));
    return rows;
  });
}

/** What a company's public forms show: visible fields only, without ids or internals. */
export async function publicModuleFields(
  db: Executor,
  companyId: number,
  module?: string,
): Promise<PublicModuleField[]> {
  if (!(await activeCompany(db, companyId))) throw AppError.notFound('Company');
  return db
    .select({
      module: moduleFields.module,
      field_key: moduleFields.field_key,
      label: moduleFields.label,
      is_required: moduleFields.is_required,
      order: moduleFields.order,
    })
    .from(moduleFields)
    .where(
      and(
        tenantScope(moduleFields, companyId),
        eq(moduleFields.is_visible, true),
        module === undefined ? undefined : eq(moduleFields.module, module),
      ),
    )
    .orderBy(asc(moduleFields.module), asc(moduleFields.order), asc(moduleFields.id));
}
