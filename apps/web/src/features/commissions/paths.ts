import type { ResourcePaths } from '../../platform/resources/paths.ts';

/** Commissions (issue 17 item 11): plans, carrier rates, statements and /commission-processing. */
export const commissionPaths = {
  plans: {
    list: '/commission-plans',
    create: '/commission-plans/new',
    edit: '/commission-plans/edit/:id',
    view: '/commission-plans/:id',
  },
  carrierRates: {
    list: '/commission-processing/rates',
    create: '/commission-processing/rates/new',
    edit: '/commission-processing/rates/edit/:id',
    view: '/commission-processing/rates/:id',
  },
} as const satisfies Record<string, ResourcePaths>;

export const myCommissionsPath = '/commissions/my';
export const teamCommissionsPath = '/commissions/statements';
export const commissionProcessingPath = '/commission-processing';
