import { z } from 'zod';
import { parseApiHosts } from '@portal/contract/api-hosts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; README.md describes each. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: bool.optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseApiHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  WEB_DIST: z.string().optional(),
  /**
   * Whether to believe X-Forwarded-For: `false` (default) uses the socket's address, so a client
   * cannot fake its address past the per-address sign-in limits; `true`, or a comma-separated
   * list of proxy addresses/CIDRs, when the portal runs behind a reverse proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Store Portal <no-reply@localhost>'),
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'must be an http(s) URL such as https://portal.example.com')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  ALLOW_SIGNUP: bool.default(false),
  SIGNUP_COMPANY_ID: z.coerce.number().int().positive().optional(),
  /** Seconds between passes of the HR auto clock-out job; 0 turns it off. */
  HR_AUTO_CLOCKOUT_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(60),
  /** Seconds between the keep-alive comments of the live-update stream (/api/events). */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(40).default(20),
  /** Face check: the largest descriptor distance still taken as the same person (hr-face). */
  FACE_MATCH_THRESHOLD: z.coerce.number().min(0.1).max(1.2).default(0.5),
});

export type Config = z.output<typeof envSchema> & {
  seedDemo: boolean;
  /** Where links in mail point: APP_URL, else this server on localhost. */
  appUrl: string;
  /** Mail goes to the outbox and the dev mailbox is served: no SMTP_URL, not production. */
  devMailbox: boolean;
};

/** Reads and validates the environment; a bad value stops the start with a one-line message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' conventions.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  // Production never seeds unless asked; everywhere else the demo is the default.
  const seedDemo = config.SEED_DEMO ?? config.NODE_ENV !== 'production';
  if (config.ALLOW_SIGNUP && config.SIGNUP_COMPANY_ID === undefined)
    throw new ConfigError(
      'Invalid configuration: SIGNUP_COMPANY_ID: required when ALLOW_SIGNUP is true (the company new accounts join)',
    );
  return {
    ...config,
    seedDemo,
    appUrl: config.APP_URL ?? `http://localhost:${config.PORT}`,
    devMailbox: !config.SMTP_URL && config.NODE_ENV !== 'production',
  };
}

export class ConfigError extends Error {}
