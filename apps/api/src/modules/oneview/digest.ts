import type { FastifyBaseLogger } from 'fastify';
import { widgetListUrl } from '@portal/contract/oneview';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { defineJob } from '../../platform/jobs.ts';
import type { WidgetScope } from '../../platform/widgets.ts';
import { asCompany, asSystem } from '../../platform/tenant-connection.ts';
import { channelsFor, noticeSent, notify } from '../notifications/api.ts';
import { localDate, weekStartOf } from '../timesheets/api.ts';
import { contextsAtLevel } from '../users/api.ts';
import { resolveScope } from './scope.ts';
import { readLayout } from './services.ts';
import { mayShow, type WidgetRegistry } from './widgets.ts';

/**
 * The weekly digest (issue 15): each manager (access level 3 and up) gets, once a week, a mail of
 * the figures on their OneView that need action (late today, pending time off and corrections,
 * open store orders and tickets, bulletins to acknowledge: the widgets declared `needsAction`),
 * for their default scope, each with the link to the list it counts. Nothing is sent when every
 * figure is 0. It is the notification kind `oneview.digest`: by mail unless the manager switches
 * it off at /user/control-notifications (the mail says where), so it goes through notify() and
 * the delivery job like every other notice. Once per week: the week (from its Monday, in the
 * scope's time zone) is the notice's source, and a manager who already has it is skipped, so
 * running the job twice sends once.
 */

export const DIGEST_KIND = 'oneview.digest';
/** The notice's source type; its id is the week's Monday as a number (20261123). */
export const DIGEST_SOURCE = 'oneview.digest';
/** Monday: the digest of a week goes out from this local hour of its Monday on. */
export const DIGEST_HOUR = 7;
const MONDAY = 1;

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The local hour (0-23) of an instant in a time zone. */
function localHour(instant: string, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.formatToParts(new Date(instant)).find((p) => p.type === 'hour')?.value);
}

/** The week a digest is for, at `now` in `timeZone`: its Monday, or null before Monday 07:00. */
export function digestWeek(now: Date, timeZone: string): string | null {
  const instant = now.toISOString();
  const today = localDate(instant, timeZone);
  const monday = weekStartOf(today, MONDAY);
  if (today === monday && localHour(instant, timeZone) < DIGEST_HOUR) return null;
  return monday;
}

export interface DigestLine {
  key: string;
  title: string;
  value: number;
  list_url: string;
}

/** The figures of the manager's OneView that need action (above 0), for a scope of theirs. */
export async function digestLines(
  registry: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  scope: WidgetScope,
): Promise<DigestLine[]> {
  const layout = await readLayout(registry, db, ctx);
  const lines: DigestLine[] = [];
  for (const placed of layout.widgets) {
    const widget = registry.find(placed.widget_key);
    if (!widget?.needsAction || !mayShow(ctx, widget)) continue;
    const rows = await widget.rows(db, ctx, scope);
    if (rows.length)
      lines.push({
        key: widget.key,
        title: widget.title,
        value: rows.length,
        list_url: widgetListUrl(widget.key, scope),
      });
  }
  return lines;
}

/** The mail's subject and text (the in-app notice, if they switch it on, says the same). */
export function digestText(appUrl: string, scopeName: string, lines: readonly DigestLine[]) {
  const total = lines.reduce((sum, line) => sum + line.value, 0);
  const subject = `Your weekly OneView digest: ${total} ${total === 1 ? 'item needs' : 'items need'} action`;
  const body = [
    `What needs action at ${scopeName}:`,
    '',
    ...lines.map((line) => `${line.title}: ${line.value}\n${appUrl}${line.list_url}`),
    '',
    `Open OneView: ${appUrl}/oneview`,
    `To stop this weekly digest, switch off its mail at ${appUrl}/user/control-notifications`,
  ].join('\n');
  return { subject, body };
}

export interface DigestRun {
  sent: number;
  /** managers with nothing that needs action this week */
  nothing: number;
  /** managers who already had this week's digest, or who switched it off */
  skipped: number;
}

/** One pass over every company's managers: the digests due at `now` and not yet sent. */
export async function sendWeeklyDigests(
  registry: WidgetRegistry,
  db: Database,
  options: { appUrl: string; now?: Date; log?: FastifyBaseLogger },
): Promise<DigestRun> {
  const now = options.now ?? new Date();
  const run: DigestRun = { sent: 0, nothing: 0, skipped: 0 };
  const managers = await asSystem(() => contextsAtLevel(db, 3));
  for (const ctx of managers) {
    if (isSuperAdmin(ctx)) continue;
    try {
      const outcome = await asCompany(ctx.companyId, () =>
        digestFor(registry, db, ctx, options.appUrl, now),
      );
      run[outcome]++;
    } catch (error) {
      // One manager's failure (a widget's query) does not hold back the others' digests.
      options.log?.error({ err: error, userId: ctx.userId }, 'weekly digest failed');
    }
  }
  return run;
}

async function digestFor(
  registry: WidgetRegistry,
  db: Database,
  ctx: RequestContext,
  appUrl: string,
  now: Date,
): Promise<keyof DigestRun> {
  const channels = (await channelsFor(db, ctx.companyId, [ctx.userId], DIGEST_KIND)).get(
    ctx.userId,
  );
  if (!channels?.mail && !channels?.in_app && !channels?.sms) return 'skipped';
  // Their default scope: the whole company for company-wide roles, else their region, district or store.
  const scope = await resolveScope(db, ctx, null);
  const week = digestWeek(now, scope.timeZone);
  if (week === null) return 'skipped';
  const source = { type: DIGEST_SOURCE, id: Number(week.replaceAll('-', '')) };
  if (await noticeSent(db, ctx.companyId, ctx.userId, DIGEST_KIND, source)) return 'skipped';
  const lines = await digestLines(registry, db, ctx, scope);
  if (!lines.length) return 'nothing';
  const { subject, body } = digestText(appUrl, scope.name, lines);
  await db.transaction(async (tx) => {
    // Asked again inside the transaction that writes it: a second run racing this one sends once.
    if (await noticeSent(tx, ctx.companyId, ctx.userId, DIGEST_KIND, source)) return;
    await notify(tx, ctx.companyId, {
      kind: DIGEST_KIND,
      userIds: [ctx.userId],
      title: subject,
      body,
      source,
    });
  });
  return 'sent';
}

/** The digest as a platform job: every hour, each manager's at the first run of their week. */
export const weeklyDigestJob = (registry: WidgetRegistry, appUrl: string) =>
  defineJob({
    name: 'oneview.weekly_digest',
    intervalSeconds: 3600,
    retries: 1,
    async handler({ db, log }) {
      const run = await sendWeeklyDigests(registry, db, { appUrl, log });
      if (run.sent) log.info(run, 'sent weekly OneView digests');
    },
  });
