import { and, asc, eq } from 'drizzle-orm';
import { shiftTemplates } from '@portal/contract/resources/hr-scheduling';
import { scheduleMessages } from '@portal/contract/hr-schedules';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { departmentRoleExists } from '../hr/api.ts';
import { placeExists } from '../organisation/api.ts';
import { hrShiftTemplates } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/** A store of the caller's company, or a 400 on the field. */
async function assertStore(db: Executor, companyId: number, storeId: number) {
  if (!(await placeExists(db, companyId, 'store', storeId)))
    throw AppError.badRequest('Unknown store', { store_id: ['Choose a store'] });
}

/** A department role of the caller's company (null is none), or a 400 naming `field`. */
export async function assertDepartmentRole(
  db: Executor,
  companyId: number,
  roleId: number | null | undefined,
  field = 'department_role_id',
) {
  if (roleId == null) return;
  if (!(await departmentRoleExists(db, companyId, roleId)))
    throw AppError.badRequest(scheduleMessages.unknownRole, {
      [field]: [scheduleMessages.unknownRole],
    });
}

function assertTimes(start: unknown, end: unknown) {
  if (typeof start === 'string' && start === end)
    throw AppError.badRequest(scheduleMessages.endEqualsStart, {
      end_time: [scheduleMessages.endEqualsStart],
    });
}

/** Shift templates (/hr/shift) on the resource engine; the store and role must be the company's. */
export const shiftTemplateService = createResourceService({
  definition: shiftTemplates,
  table: hrShiftTemplates,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx, tx) {
      await assertStore(tx, ctx.companyId, input.store_id);
      await assertDepartmentRole(tx, ctx.companyId, input.department_role_id);
      assertTimes(input.start_time, input.end_time);
      return { ...input };
    },
    async beforeUpdate(input, existing, ctx, tx) {
      if (input.store_id !== undefined) await assertStore(tx, ctx.companyId, input.store_id);
      await assertDepartmentRole(tx, ctx.companyId, input.department_role_id);
      assertTimes(input.start_time ?? existing.start_time, input.end_time ?? existing.end_time);
      return { ...input };
    },
  },
});

/**
 * A store created later offers the company's shift templates too (issue 14: not only "Custom
 * shift"): it gets a copy of each template the company uses (one per name, the earliest), in the
 * store's creating transaction. A company with no templates yet gives none.
 */
export async function giveStoreTemplates(tx: Executor, companyId: number, storeId: number) {
  const existing = await tx
    .select({
      name: hrShiftTemplates.name,
      start_time: hrShiftTemplates.start_time,
      end_time: hrShiftTemplates.end_time,
      department_role_id: hrShiftTemplates.department_role_id,
    })
    .from(hrShiftTemplates)
    .where(and(tenantScope(hrShiftTemplates, companyId), eq(hrShiftTemplates.is_active, true)))
    .orderBy(asc(hrShiftTemplates.id));
  const byName = new Map<string, (typeof existing)[number]>();
  for (const template of existing)
    if (!byName.has(template.name)) byName.set(template.name, template);
  if (!byName.size) return;
  await tx
    .insert(hrShiftTemplates)
    .values(
      [...byName.values()].map((template) => ({
        ...template,
        company_id: companyId,
        store_id: storeId,
      })),
    )
    .onConflictDoNothing();
}
