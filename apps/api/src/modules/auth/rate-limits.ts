import type { RateLimitOptions } from '@fastify/rate-limit';
import { authMessages } from '@portal/contract/auth';
import { AppError } from '../../platform/errors.ts';

/**
 * Per-address limits on the public auth routes, counted in each instance's memory by
 * @fastify/rate-limit (a flood guard; the limits that must hold across instances, on failed
 * sign-ins and reset mails per account, are in the database: throttle.ts).
 */
const perAddress = (max: number, minutes: number): RateLimitOptions => ({
  max,
  timeWindow: minutes * 60_000,
  errorResponseBuilder: (_request, context) =>
    new AppError(429, authMessages.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 60_000)))),
});

export const rateLimited = {
  verify: perAddress(30, 5),
  resend: perAddress(10, 5),
  forgot: perAddress(10, 15),
  reset: perAddress(20, 15),
  signup: perAddress(10, 60),
} as const;
