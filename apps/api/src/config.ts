import { z } from 'zod';
import { parseApiHosts } from '@portal/contract/api-hosts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads; README.md describes each. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: `localhost` (loopback only) outside production, `0.0.0.0` in production. */
  HOST: z.string().min(1).optional(),
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
  /**
   * The dev mailbox (GET /api/dev/mailbox, for a signed-in super admin): `true` or `false`. Unset,
   * it is on only without SMTP_URL, outside production, while the server listens on loopback.
   */
  DEV_MAILBOX: bool.optional(),
  /**
   * The key that encrypts secrets at rest (authenticator secrets): 32 bytes as base64 or hex.
   * Unset: a key made once in DATA_DIR/secrets.key (instances sharing a database must share it).
   */
  SECRETS_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = /^[0-9a-f]{64}$/i.test(value)
        ? Buffer.from(value, 'hex')
        : Buffer.from(value, 'base64');
      if (key.length !== 32) {
        ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as 64 hex digits or base64' });
        return z.NEVER;
      }
      return key;
    })
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
  /**
   * Power BI embedding (/reporting/pbi/{report id}): an Entra ID app (service principal) allowed on
   * the workspace. All four set turns it on; without them the page says Power BI is not configured.
   */
  POWERBI_TENANT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_SECRET: z.string().min(1).optional(),
  POWERBI_WORKSPACE_ID: z.string().min(1).optional(),
  /**
   * Bill pay and prepaid (modules/billpay): the provider's HTTPS endpoint and its API key. Unset,
   * payments go to the embedded local test provider (deterministic, nothing leaves the server).
   */
  BILLPAY_PROVIDER_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'must be an http(s) URL such as https://billpay.example.com/v1')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  BILLPAY_PROVIDER_KEY: z.string().min(1).optional(),
  /** Milliseconds the provider has to answer before the payment is stored as failed (502). */
  BILLPAY_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
  /**
   * An SMS provider with a Twilio-style REST API (notifications' SMS): all four set sends SMS
   * through it; none set keeps them in the SMS outbox (the delivery log).
   */
  SMS_PROVIDER_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'must be an http(s) URL such as https://api.twilio.com/2010-04-01')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SMS_PROVIDER_ACCOUNT: z.string().min(1).optional(),
  SMS_PROVIDER_TOKEN: z.string().min(8).optional(),
  SMS_FROM: z.string().min(3).optional(),
});

export type Config = Omit<z.output<typeof envSchema>, 'HOST'> & {
  /** The interface the server listens on (HOST, or the default for NODE_ENV). */
  HOST: string;
  seedDemo: boolean;
  /** Where links in mail point: APP_URL, else this server on localhost. */
  appUrl: string;
  /**
   * The dev mailbox is served (to signed-in super admins only): mail goes to the outbox (no
   * SMTP_URL), and DEV_MAILBOX=true, or unset outside production with HOST on loopback.
   */
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
  const host = config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  if (config.DEV_MAILBOX && config.SMTP_URL)
    throw new ConfigError(
      'Invalid configuration: DEV_MAILBOX: cannot be true with SMTP_URL set (mail then goes to the SMTP server, not to the outbox the mailbox shows)',
    );
  if (config.DEV_MAILBOX && config.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration: DEV_MAILBOX: cannot be true when NODE_ENV is production',
    );
  const smsSettings = [
    config.SMS_PROVIDER_URL,
    config.SMS_PROVIDER_ACCOUNT,
    config.SMS_PROVIDER_TOKEN,
    config.SMS_FROM,
  ];
  if (smsSettings.some(Boolean) && !smsSettings.every(Boolean))
    throw new ConfigError(
      'Invalid configuration: SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT, SMS_PROVIDER_TOKEN and SMS_FROM: set all four (an SMS provider) or none (the SMS outbox)',
    );
  const devMailbox =
    !config.SMTP_URL &&
    (config.DEV_MAILBOX ?? (config.NODE_ENV !== 'production' && isLoopback(host)));
  return {
    ...config,
    HOST: host,
    seedDemo,
    appUrl: config.APP_URL ?? `http://localhost:${config.PORT}`,
    devMailbox,
  };
}

/** Whether a listen address reaches only this machine (`localhost`, 127.0.0.0/8, ::1). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

export class ConfigError extends Error {}
