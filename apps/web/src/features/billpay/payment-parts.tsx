import { useState } from 'react';
import { useNavigate } from 'react-router';
import { billPaymentSchema, type BillPayment } from '@portal/contract/resources/billpay';
import { storageKeys } from '@portal/contract/storage-keys';
import { api, ApiError } from '../../platform/api.ts';
import { failureMessage } from '../../platform/resources/outcome.ts';
import { readStored } from '../../platform/storage.ts';
import { notify } from '../../platform/toasts.ts';
import { billPayReceiptPath, incommThankYouPath } from './paths.ts';

/** The store the signed-in user works at now (the store switcher's), or null. */
export function currentStoreId(): number | null {
  const id = Number(readStored(storageKeys.storeId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * One idempotency key per form instance: a double click, a retry after a lost answer or a second
 * tab's resubmission of this form all name the same payment, which the server pays once.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(() => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  });
  return key;
}

/** The failed payment a 422 / 502 names (data.id): its page offers Send again. */
function failedPaymentId(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return null;
  const data = (error.body as { data?: unknown }).data;
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : null;
  return typeof id === 'number' ? id : null;
}

/**
 * Sends a payment and goes to its page: the receipt when sent, the failed payment's page (with the
 * provider's message) when refused; field errors stay on the form.
 */
export function usePaymentSubmit(kind: 'bill' | 'prepaid') {
  const navigate = useNavigate();
  const pageOf = (id: number) =>
    kind === 'bill' ? billPayReceiptPath(id) : incommThankYouPath(id);
  return {
    send: (path: string, body: Record<string, unknown>) => api.post(path, body, billPaymentSchema),
    onSuccess: (reply: { message: string; data: BillPayment }) => {
      notify.success(reply.message);
      void navigate(pageOf(reply.data.id));
    },
    onError: (error: unknown) => {
      const id = failedPaymentId(error);
      notify.danger(failureMessage(error, 'Payment not sent'));
      if (id !== null) void navigate(pageOf(id));
    },
  };
}
