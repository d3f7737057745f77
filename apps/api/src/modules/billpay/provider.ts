import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config.ts';

/** What the provider is asked to do: pay a carrier bill, or issue a prepaid refill / PIN. */
export interface ProviderRequest {
  kind: 'bill' | 'prepaid';
  /** Sent as the provider's Idempotency-Key: the same payment never goes through twice there. */
  providerKey: string;
  carrier: string;
  account_number: string;
  account_holder: string | null;
  product_code: string | null;
  amount_cents: number;
}

export type ProviderResult =
  | {
      ok: true;
      /** sent: accepted, the carrier posts it later; confirmed: posted */
      status: 'sent' | 'confirmed';
      reference: string;
      pin: string | null;
    }
  /** refused: the provider said no (422 to the client); unavailable: no answer (502) */
  | { ok: false; failure: 'refused' | 'unavailable'; message: string };

export interface BillPayProvider {
  /** Stored on each payment, shown on the receipt. */
  name: string;
  send(request: ProviderRequest): Promise<ProviderResult>;
}

export const LOCAL_PROVIDER = 'local-test';
export const localRefusal = 'The carrier has no account with this number';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The embedded default: nothing leaves the server, and the answer depends on the request alone.
 * An account or phone number ending 0000 is refused; one ending 1111 is accepted but left "sent"
 * (awaiting the carrier's posting); anything else is confirmed. A PIN card gets a 12-digit PIN.
 */
export const localTestProvider: BillPayProvider = {
  name: LOCAL_PROVIDER,
  send(request) {
    if (request.account_number.endsWith('0000'))
      return Promise.resolve({ ok: false, failure: 'refused', message: localRefusal });
    const hash = digest(request.providerKey);
    const pin =
      request.kind === 'prepaid' && request.product_code?.endsWith('-PIN')
        ? BigInt(`0x${hash.slice(0, 15)}`)
            .toString()
            .padStart(12, '0')
            .slice(-12)
        : null;
    return Promise.resolve({
      ok: true,
      status: request.account_number.endsWith('1111') ? 'sent' : 'confirmed',
      reference: `LT-${hash.slice(0, 10).toUpperCase()}`,
      pin,
    });
  },
};

const acceptedReply = z.object({
  status: z.enum(['sent', 'confirmed']),
  reference: z.string().min(1).max(100),
  pin: z.string().max(64).nullable().optional(),
});
const refusalReply = z.object({ message: z.string().min(1).max(500) });

/**
 * A provider over HTTP: POST {url}/payments with the request as JSON, the key as a bearer token and
 * the payment's provider key as Idempotency-Key. 2xx `{ status, reference, pin? }` is accepted, 4xx
 * `{ message }` refused; a 5xx, a time-out or an unreadable reply is "unavailable".
 */
export function httpProvider(options: {
  url: string;
  key: string | undefined;
  timeoutMs: number;
}): BillPayProvider {
  return {
    name: new URL(options.url).host,
    async send(request) {
      const unavailable = (detail: string): ProviderResult => ({
        ok: false,
        failure: 'unavailable',
        message: `The bill-pay provider could not be reached (${detail}). Send it again: the retry carries the same reference, so it is never paid twice`,
      });
      let response: Response;
      try {
        response = await fetch(`${options.url}/payments`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': request.providerKey,
            ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
          },
          body: JSON.stringify({
            type: request.kind,
            carrier: request.carrier,
            account_number: request.account_number,
            account_holder: request.account_holder,
            product_code: request.product_code,
            amount_cents: request.amount_cents,
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return unavailable(timedOut ? 'no answer in time' : 'no connection');
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const parsed = acceptedReply.safeParse(body);
        if (!parsed.success) return unavailable('unreadable reply');
        return {
          ok: true,
          status: parsed.data.status,
          reference: parsed.data.reference,
          pin: parsed.data.pin ?? null,
        };
      }
      if (response.status >= 400 && response.status < 500) {
        const parsed = refusalReply.safeParse(body);
        return {
          ok: false,
          failure: 'refused',
          message: parsed.success
            ? parsed.data.message
            : `Refused by the provider (${String(response.status)})`,
        };
      }
      return unavailable(`status ${String(response.status)}`);
    },
  };
}

/** The provider the configuration names: BILLPAY_PROVIDER_URL, else the local test provider. */
export function providerFor(
  config: Pick<
    Config,
    'BILLPAY_PROVIDER_URL' | 'BILLPAY_PROVIDER_KEY' | 'BILLPAY_PROVIDER_TIMEOUT_MS'
  >,
): BillPayProvider {
  if (!config.BILLPAY_PROVIDER_URL) return localTestProvider;
  return httpProvider({
    url: config.BILLPAY_PROVIDER_URL,
    key: config.BILLPAY_PROVIDER_KEY,
    timeoutMs: config.BILLPAY_PROVIDER_TIMEOUT_MS,
  });
}
