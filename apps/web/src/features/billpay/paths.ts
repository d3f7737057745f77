import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** SPEC.md section 2 "Sales": /billpay/new (/{tid}), /incomm, /incomm-thank-you/{tid}. */
export const billPayPaths = {
  /** The bill payments of the company, newest first; /billpay/new pays one, /{tid} is its receipt. */
  payments: {
    list: '/billpay',
    create: '/billpay/new',
    view: '/billpay/new/:id',
  },
  incomm: '/incomm',
  incommThankYou: '/incomm-thank-you/:id',
} as const satisfies Record<string, ResourcePaths | string>;

export const billPayReceiptPath = (id: number) => `/billpay/new/${String(id)}`;
export const incommThankYouPath = (id: number) => `/incomm-thank-you/${String(id)}`;
