import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  LOCAL_PROVIDER,
  localRefusal,
  localTestProvider,
  providerFor,
  type ProviderRequest,
} from '../../src/modules/billpay/provider.ts';

const request = (over: Partial<ProviderRequest> = {}): ProviderRequest => ({
  kind: 'bill',
  providerKey: 'unit-key-0001.1',
  carrier: 'Verizon',
  account_number: '3405557781',
  account_holder: null,
  product_code: null,
  amount_cents: 5_000,
  ...over,
});

describe('the local test provider', () => {
  it('is the default without BILLPAY_PROVIDER_URL; the URL picks the HTTP provider', () => {
    expect(providerFor(loadConfig({ NODE_ENV: 'test' })).name).toBe(LOCAL_PROVIDER);
    const http = providerFor(
      loadConfig({ NODE_ENV: 'test', BILLPAY_PROVIDER_URL: 'https://billpay.example.com/v1/' }),
    );
    expect(http.name).toBe('billpay.example.com');
    expect(() => loadConfig({ NODE_ENV: 'test', BILLPAY_PROVIDER_URL: 'ftp://x' })).toThrow(
      /BILLPAY_PROVIDER_URL/,
    );
  });

  it('answers the same request the same way: confirmed, sent for ...1111, refused for ...0000', async () => {
    const first = await localTestProvider.send(request());
    expect(first).toEqual(await localTestProvider.send(request()));
    expect(first).toMatchObject({ ok: true, status: 'confirmed', pin: null });
    expect(await localTestProvider.send(request({ account_number: '3405551111' }))).toMatchObject({
      ok: true,
      status: 'sent',
    });
    expect(await localTestProvider.send(request({ account_number: '3405550000' }))).toEqual({
      ok: false,
      failure: 'refused',
      message: localRefusal,
    });
  });

  it('issues a 12-digit PIN for a PIN card, none for a refill', async () => {
    const pin = await localTestProvider.send(
      request({ kind: 'prepaid', product_code: 'TMO-PIN', amount_cents: 3_000 }),
    );
    expect(pin.ok && pin.pin).toMatch(/^\d{12}$/);
    const refill = await localTestProvider.send(
      request({ kind: 'prepaid', product_code: 'VZ-REFILL', amount_cents: 3_000 }),
    );
    expect(refill.ok && refill.pin).toBeNull();
  });
});
