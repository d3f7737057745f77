import { z } from 'zod';

/** Field shapes shared by many resources, so each rule is written once. */
export const id = z.number().int().positive();
export const name = z.string().trim().min(1, 'Name is required').max(120);
export const optionalText = (max = 500) => z.string().trim().max(max).nullable().optional();
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address'))
  .pipe(z.string().max(254));
export const isoDateTime = z.string();
/** Money in integer cents (never floats), up to ten million. */
export const cents = z.number().int('Use whole cents').min(0).max(1_000_000_000);
export const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'Use a colour like #004995');
export const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);
