import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Tx } from '../platform/database.ts';
import {
  hrBreakSettings,
  hrSchedules,
  hrTimecardBreaks,
  hrTimecards,
} from '../modules/hr/schema.ts';
import { hrTimesheetCorrections } from '../modules/timesheets/schema.ts';
import { users } from '../modules/users/schema.ts';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Two weeks of worked time at the demo's home store, from its published shifts: a timecard for
 * every shift already over (a few minutes early or late, seeded, not random), each with its 30 min
 * lunch and every other one a coffee break. The demo employee's last shift was auto clocked out and
 * their real end time waits for the manager; Tara asks for an earlier clock-in on another day. A
 * shift running now, other than the demo employee's, is clocked in, so the dashboard shows someone
 * on the clock. Runs inside the seed transaction, after the schedules.
 */
export async function seedWorkHistory(
  tx: Tx,
  companyId: number,
  store: { id: number; time_zone: string },
) {
  const now = Date.now();
  const shifts = await tx
    .select({
      id: hrSchedules.id,
      user_id: hrSchedules.user_id,
      email: users.email,
      department_role_id: hrSchedules.department_role_id,
      shift_start: hrSchedules.shift_start,
      shift_end: hrSchedules.shift_end,
    })
    .from(hrSchedules)
    .innerJoin(
      users,
      and(eq(users.company_id, hrSchedules.company_id), eq(users.id, hrSchedules.user_id)),
    )
    .where(
      and(
        eq(hrSchedules.company_id, companyId),
        eq(hrSchedules.store_id, store.id),
        isNotNull(hrSchedules.published_at),
        lt(hrSchedules.shift_start, iso(now)),
      ),
    )
    .orderBy(asc(hrSchedules.shift_start), asc(hrSchedules.user_id));
  const settings = await tx
    .select()
    .from(hrBreakSettings)
    .where(and(eq(hrBreakSettings.company_id, companyId), eq(hrBreakSettings.store_id, store.id)));
  const lunch = settings.find((s) => s.short_description === 'Lunch Break');
  const coffee = settings.find((s) => s.short_description === 'Coffee Break');

  const past = shifts.filter((s) => Date.parse(s.shift_end) < now);
  const lastOf = (email: string) => past.filter((s) => s.email === email).at(-1);
  const autoClosed = lastOf('employee@demo.example');
  const running = shifts.find(
    (s) => Date.parse(s.shift_end) > now && s.email !== 'employee@demo.example',
  );
  const worked = running ? [...past, running] : past;
  if (!worked.length) return;

  const cards = worked.map((shift, index) => {
    const start = Date.parse(shift.shift_start);
    const end = Date.parse(shift.shift_end);
    const early = ((index * 7) % 11) - 5; // -5..+5 minutes
    const late = ((index * 5) % 13) - 3; // -3..+9 minutes
    const open = shift === running;
    const auto = shift === autoClosed;
    return {
      company_id: companyId,
      user_id: shift.user_id,
      store_id: store.id,
      schedule_id: shift.id,
      department_role_id: shift.department_role_id,
      clock_in: iso(start + early * MINUTE),
      clock_out: open ? null : iso(auto ? end : end + late * MINUTE),
      time_zone: store.time_zone,
      auto_clocked_out: auto,
      not_corrected: auto,
      edit_request_sent: auto,
      requested_clock_out: auto ? iso(end - 20 * MINUTE) : null,
      correction_comment: auto ? 'Left at the end of my shift, forgot to clock out' : null,
    };
  });
  const inserted = await tx.insert(hrTimecards).values(cards).returning({
    id: hrTimecards.id,
    user_id: hrTimecards.user_id,
    clock_in: hrTimecards.clock_in,
    clock_out: hrTimecards.clock_out,
    schedule_id: hrTimecards.schedule_id,
  });

  const breaks: (typeof hrTimecardBreaks.$inferInsert)[] = [];
  for (const [index, card] of inserted.entries()) {
    const start = Date.parse(card.clock_in);
    const end = card.clock_out ? Date.parse(card.clock_out) : now;
    const kinds = [
      { setting: lunch, at: start + 4 * 60 * MINUTE, minutes: 30 + (index % 3) * 2 },
      ...(index % 2 === 0 ? [{ setting: coffee, at: start + 2 * 60 * MINUTE, minutes: 15 }] : []),
    ];
    for (const { setting, at, minutes } of kinds) {
      if (!setting || at + minutes * MINUTE > end) continue;
      breaks.push({
        company_id: companyId,
        timecard_id: card.id,
        user_id: card.user_id,
        break_setting_id: setting.id,
        short_description: setting.short_description,
        duration: setting.duration,
        is_paid: setting.is_paid,
        is_mandatory: setting.is_mandatory,
        break_start: iso(at),
        break_end: iso(at + minutes * MINUTE),
      });
    }
  }
  if (breaks.length) await tx.insert(hrTimecardBreaks).values(breaks);

  const corrections: (typeof hrTimesheetCorrections.$inferInsert)[] = [];
  const autoCard = inserted.find((c) => c.schedule_id === autoClosed?.id);
  const autoCardSpec = cards.find((c) => c.schedule_id === autoClosed?.id);
  if (autoCard && autoCardSpec?.requested_clock_out)
    corrections.push({
      company_id: companyId,
      timecard_id: autoCard.id,
      user_id: autoCard.user_id,
      requested_by: autoCard.user_id,
      source: 'auto_clockout',
      requested_end: autoCardSpec.requested_clock_out,
      reason: autoCardSpec.correction_comment,
    });
  const tara = past.filter((s) => s.email === 'tara@demo.example').at(-3);
  const taraCard = inserted.find((c) => c.schedule_id === tara?.id);
  if (taraCard) {
    corrections.push({
      company_id: companyId,
      timecard_id: taraCard.id,
      user_id: taraCard.user_id,
      requested_by: taraCard.user_id,
      source: 'employee',
      requested_start: iso(Date.parse(taraCard.clock_in) - 12 * MINUTE),
      reason: 'The store tablet was busy when I started',
    });
    await tx
      .update(hrTimecards)
      .set({ edit_request_sent: true })
      .where(and(eq(hrTimecards.company_id, companyId), eq(hrTimecards.id, taraCard.id)));
  }
  if (corrections.length) await tx.insert(hrTimesheetCorrections).values(corrections);
}
