import { and, ne, sql } from 'drizzle-orm';
import { timeoffTypeResource } from '@portal/contract/hr-timeoff';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { hrTimeoffTypes } from './schema.ts';
import { toHours, toMinutes } from './services.ts';

const nameTaken = 'A time off type with this name exists';

async function assertNameFree(db: Executor, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: hrTimeoffTypes.id })
    .from(hrTimeoffTypes)
    .where(
      and(
        tenantScope(hrTimeoffTypes, companyId),
        sql`lower(${hrTimeoffTypes.name}) = lower(${name})`,
        exceptId ? ne(hrTimeoffTypes.id, exceptId) : undefined,
      ),
    );
  if (taken) throw AppError.badRequest(nameTaken, { name: [nameTaken] });
}

/** The table keeps whole minutes; the API speaks hours. */
const allowanceMinutes = (hours: number | null | undefined) =>
  hours === undefined ? undefined : hours === null ? null : toMinutes(hours);

/** The company's time off types, on the engine (names unique per company, case aside). */
export const timeoffTypeService = createResourceService({
  definition: timeoffTypeResource,
  table: hrTimeoffTypes,
  tenantColumn: 'company_id',
  computed: {
    yearly_allowance_minutes: sql<number | null>`${hrTimeoffTypes.yearly_allowance_minutes}`,
  },
  hooks: {
    async beforeCreate({ yearly_allowance_hours, ...input }, ctx, tx) {
      await assertNameFree(tx, ctx.companyId, input.name);
      return { ...input, yearly_allowance_minutes: allowanceMinutes(yearly_allowance_hours) };
    },
    async beforeUpdate({ yearly_allowance_hours, ...input }, existing, ctx, tx) {
      if (input.name !== undefined)
        await assertNameFree(tx, ctx.companyId, input.name, existing.id);
      return { ...input, yearly_allowance_minutes: allowanceMinutes(yearly_allowance_hours) };
    },
    async decorate(rows) {
      for (const row of rows) {
        const minutes = row.yearly_allowance_minutes;
        row.yearly_allowance_hours = typeof minutes === 'number' ? toHours(minutes) : null;
      }
    },
  },
});
