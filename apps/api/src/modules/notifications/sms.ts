import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

export type SmsConfig = Pick<
  Config,
  'SMS_PROVIDER_URL' | 'SMS_PROVIDER_ACCOUNT' | 'SMS_PROVIDER_TOKEN' | 'SMS_FROM' | 'appUrl'
>;

export interface Sms {
  to: string;
  text: string;
}

export interface SmsProvider {
  /** What the delivery log names: `outbox` (kept in the log) or `http` (the provider's API). */
  readonly name: 'outbox' | 'http';
  /** Sends one SMS; rejects with the provider's reason when it refuses it. */
  send(sms: Sms): Promise<{ messageId: string | null }>;
}

/** The embedded default: the delivery log row itself is the SMS outbox, so nothing leaves. */
export const outboxSms: SmsProvider = {
  name: 'outbox',
  send: () => Promise.resolve({ messageId: null }),
};

const SEND_TIMEOUT_MS = 15_000;

/** The public path the provider reports delivery to (under the API prefix). */
export const SMS_STATUS_PATH = '/sms-status';

/** The absolute callback URL given to the provider; its signatures are computed over it. */
export const smsStatusUrl = (config: Pick<Config, 'appUrl'>) =>
  `${config.appUrl}/api${SMS_STATUS_PATH}`;

/**
 * A Twilio-style REST provider: POST {url}/Accounts/{account}/Messages.json, basic auth with the
 * account and token, form fields To, From, Body and StatusCallback; the reply's `sid` names the
 * message in later status callbacks.
 */
export function httpSms(config: Required<Omit<SmsConfig, 'appUrl'>> & Pick<Config, 'appUrl'>) {
  const endpoint = `${config.SMS_PROVIDER_URL}/Accounts/${encodeURIComponent(config.SMS_PROVIDER_ACCOUNT)}/Messages.json`;
  const auth = Buffer.from(`${config.SMS_PROVIDER_ACCOUNT}:${config.SMS_PROVIDER_TOKEN}`).toString(
    'base64',
  );
  const provider: SmsProvider = {
    name: 'http',
    async send(sms) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          To: sms.to,
          From: config.SMS_FROM,
          Body: sms.text,
          StatusCallback: smsStatusUrl(config),
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await response.text();
      const reply = parseJson(text);
      if (!response.ok) {
        const reason = typeof reply.message === 'string' ? reply.message : text.slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}: ${reason || 'no reason given'}`);
      }
      if (typeof reply.sid !== 'string' || !reply.sid)
        throw new Error('SMS provider answered without a message id (sid)');
      return { messageId: reply.sid };
    },
  };
  return provider;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The HTTP provider when all four SMS_* variables are set (config.ts checks), else the outbox. */
export function createSmsProvider(config: SmsConfig): SmsProvider {
  const { SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT, SMS_PROVIDER_TOKEN, SMS_FROM, appUrl } = config;
  if (SMS_PROVIDER_URL && SMS_PROVIDER_ACCOUNT && SMS_PROVIDER_TOKEN && SMS_FROM)
    return httpSms({
      SMS_PROVIDER_URL,
      SMS_PROVIDER_ACCOUNT,
      SMS_PROVIDER_TOKEN,
      SMS_FROM,
      appUrl,
    });
  return outboxSms;
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed by the auth token, of the callback URL
 * followed by every posted parameter's name and value, sorted by name.
 */
export function smsSignature(token: string, url: string, params: Readonly<Record<string, string>>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

/** Whether `given` is the signature of the callback (compared in constant time). */
export function smsSignatureValid(
  token: string,
  url: string,
  params: Readonly<Record<string, string>>,
  given: string | undefined,
) {
  if (!given) return false;
  const expected = Buffer.from(smsSignature(token, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
