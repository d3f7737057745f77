import type { Tx } from '../../platform/database.ts';
import { setSupervisor } from '../hr/api.ts';
import { undeletedByEmail } from '../users/api.ts';
import {
  hrTimeoffAllowances,
  hrTimeoffEvents,
  hrTimeoffRequests,
  hrTimeoffTypes,
} from './schema.ts';

const hours = (h: number) => h * 60;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Time off demo data of one company: Vacation (80 h a year), Sick (40 h), Personal (24 h) and
 * Unpaid (no limit). In the demo company the demo employee reports to the demo manager, has 96 h of
 * vacation this year and one pending vacation request two weeks ahead for the manager to decide.
 */
export async function seedTimeoffDemo(tx: Tx, companyId: number) {
  const types = await tx
    .insert(hrTimeoffTypes)
    .values([
      {
        company_id: companyId,
        name: 'Vacation',
        is_paid: true,
        yearly_allowance_minutes: hours(80),
      },
      { company_id: companyId, name: 'Sick', is_paid: true, yearly_allowance_minutes: hours(40) },
      {
        company_id: companyId,
        name: 'Personal',
        is_paid: true,
        yearly_allowance_minutes: hours(24),
      },
      { company_id: companyId, name: 'Unpaid', is_paid: false, yearly_allowance_minutes: null },
    ])
    .returning({ id: hrTimeoffTypes.id, name: hrTimeoffTypes.name });
  const vacation = types.find((t) => t.name === 'Vacation');

  const people = await undeletedByEmail(tx, companyId, [
    'employee@demo.example',
    'manager@demo.example',
    'tara@demo.example',
    'leo@demo.example',
    'priya@demo.example',
  ]);
  const employee = people.find((p) => p.email === 'employee@demo.example');
  const manager = people.find((p) => p.email === 'manager@demo.example');
  if (!employee || !manager || !vacation) return;

  await setSupervisor(tx, companyId, employee.id, manager.id);
  const start = new Date(Date.now() + 14 * 86_400_000);
  const next = new Date(start.getTime() + 86_400_000);
  const end = next.getUTCFullYear() === start.getUTCFullYear() ? next : start;
  await tx.insert(hrTimeoffAllowances).values({
    company_id: companyId,
    user_id: employee.id,
    type_id: vacation.id,
    year: start.getUTCFullYear(),
    allowance_minutes: hours(96),
  });
  const days = end === start ? 1 : 2;
  const [request] = await tx
    .insert(hrTimeoffRequests)
    .values({
      company_id: companyId,
      user_id: employee.id,
      type_id: vacation.id,
      start_date: isoDay(start),
      end_date: isoDay(end),
      minutes: hours(8 * days),
      notes: 'Family visit',
    })
    .returning({ id: hrTimeoffRequests.id });
  if (request)
    await tx.insert(hrTimeoffEvents).values({
      company_id: companyId,
      request_id: request.id,
      actor_id: employee.id,
      action: 'requested',
      from_status: null,
      to_status: 'pending',
      reason: 'Family visit',
    });

  // The home store's staff: a sick day last week and a vacation in three weeks, both approved by
  // the manager, and a personal day next week waiting for a decision.
  const byEmail = (email: string) => people.find((p) => p.email === email);
  const typeId = (name: string) => types.find((t) => t.name === name)?.id;
  const dayFromToday = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
  const staffRequests = [
    { who: 'leo@demo.example', type: 'Sick', from: -5, to: -5, notes: 'Flu', approved: true },
    { who: 'tara@demo.example', type: 'Vacation', from: 21, to: 22, notes: 'Trip', approved: true },
    {
      who: 'priya@demo.example',
      type: 'Personal',
      from: 9,
      to: 9,
      notes: 'Moving',
      approved: false,
    },
  ];
  for (const plan of staffRequests) {
    const person = byEmail(plan.who);
    const type_id = typeId(plan.type);
    if (!person || !type_id) continue;
    const decided = plan.approved
      ? { status: 'approved', decided_by: manager.id, decided_at: new Date().toISOString() }
      : {};
    const [row] = await tx
      .insert(hrTimeoffRequests)
      .values({
        company_id: companyId,
        user_id: person.id,
        type_id,
        start_date: dayFromToday(plan.from),
        end_date: dayFromToday(plan.to),
        minutes: hours(8 * (plan.to - plan.from + 1)),
        notes: plan.notes,
        ...decided,
      })
      .returning({ id: hrTimeoffRequests.id });
    if (!row) continue;
    const requested = {
      company_id: companyId,
      request_id: row.id,
      actor_id: person.id,
      action: 'requested',
      from_status: null,
      to_status: 'pending',
      reason: plan.notes,
    };
    await tx.insert(hrTimeoffEvents).values(
      plan.approved
        ? [
            requested,
            {
              ...requested,
              actor_id: manager.id,
              action: 'approved',
              from_status: 'pending',
              to_status: 'approved',
              reason: null,
            },
          ]
        : [requested],
    );
  }
}
