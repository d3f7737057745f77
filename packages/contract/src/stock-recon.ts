import { z } from 'zod';
import { id } from './fields.ts';

/**
 * SPEC.md /accessory-recon-upload: an accessory count of one location from a CSV file
 * (`sku,quantity`), compared with the stock on hand. A dry run lists each line's difference;
 * confirming posts every difference as a stock adjustment with the reason, in one transaction.
 */
export const reconColumns = ['sku', 'quantity'] as const;
export const reconTemplate = `${reconColumns.join(',')}\n`;
export const RECON_MAX_ROWS = 2000;

export const reconInput = z.strictObject({
  location_id: z.number({ error: 'Choose a location' }).int().positive(),
  reason_id: z.number({ error: 'Choose a reason' }).int().positive(),
  note: z.string().trim().max(500).nullable().optional(),
  /** the file's text, header line first */
  csv: z.string().min(1, 'The file is empty').max(2_000_000),
  /** compare and list the differences, but post nothing */
  dry_run: z.boolean().default(true),
});
export type ReconInput = z.input<typeof reconInput>;

export const reconLineSchema = z.object({
  /** the file's line */
  line: z.number().int(),
  product_id: id,
  sku: z.string(),
  name: z.string(),
  on_hand: z.number().int(),
  counted: z.number().int(),
  /** counted - on hand: units added (positive) or written off (negative) */
  difference: z.number().int(),
});
export type ReconLine = z.infer<typeof reconLineSchema>;

export const reconResultSchema = z.object({
  dry_run: z.boolean(),
  location_id: id,
  location_name: z.string(),
  lines: z.array(reconLineSchema),
  /** the stock adjustments posted (none on a dry run or when nothing differs) */
  adjustment_ids: z.array(id),
});
export type ReconResult = z.infer<typeof reconResultSchema>;

export const reconMessages = {
  checked: (differences: number) =>
    differences
      ? `${differences} ${differences === 1 ? 'difference' : 'differences'} found; nothing was saved`
      : 'The count matches the stock; nothing to adjust',
  posted: (differences: number) =>
    `${differences} stock ${differences === 1 ? 'adjustment' : 'adjustments'} posted`,
  notAnAccessory: (name: string) => `${name} is not an accessory`,
  unknownSku: (sku: string) => `No product with SKU ${sku}`,
  repeatedSku: (sku: string, line: number) => `SKU ${sku} is already counted on line ${line}`,
  location: 'Choose a warehouse or a store',
  reason: 'Choose a reason',
};
