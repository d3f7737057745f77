import { z } from 'zod';
import {
  ORDERS_DEFAULT_LEAD_DAYS,
  ORDERS_SUGGESTED_SALES_DAYS,
} from '@portal/contract/resources/replenishment';
import { defineSetting } from '../../platform/settings.ts';

/** Days of sales the suggested order averages over (inherited down the org tree). */
export const salesDaysSetting = defineSetting({
  key: ORDERS_SUGGESTED_SALES_DAYS,
  label: 'Suggested order: days of sales averaged',
  schema: z.number().int().min(1).max(365),
  default: 28,
});

/** Lead days of a product that names none (inherited down the org tree). */
export const defaultLeadDaysSetting = defineSetting({
  key: ORDERS_DEFAULT_LEAD_DAYS,
  label: 'Suggested order: lead days of a product without its own',
  schema: z.number().int().min(0).max(365),
  default: 7,
});
