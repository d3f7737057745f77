// The hr module's extension points (platform/hooks.ts), registered by other modules' module.ts.
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { defineHook } from '../../platform/hooks.ts';

/** An employee's real end time for an auto clocked-out timecard, as a correction request asks. */
export interface RequestedCorrection {
  /** the timecard */
  id: number;
  user_id: number;
  requested_end: string;
  comment: string | null;
}

/**
 * Run in the transaction of a correction request (POST /hr-timecards/correction-request): the
 * timesheets module, above this one, queues the correction for review.
 */
export const correctionRequested =
  defineHook<[tx: Executor, ctx: RequestContext, correction: RequestedCorrection]>(
    'hr.correction_requested',
  );
