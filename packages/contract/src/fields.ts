import { z } from 'zod';
import { storedFileAddress } from './uploads.ts';

/** Field shapes shared by many resources, so each rule is written once. */
export const id = z.number().int().positive();
export const name = z.string().trim().min(1, 'Name is required').max(120);
export const optionalText = (max = 500) => z.string().trim().max(max).nullable().optional();

/** An http(s) address, or a path on this site (`/…`, not `//host`): nothing a browser would run. */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}
const linkMessage = 'Enter an http:// or https:// address, or a path starting with /';
/**
 * A link field (logo, photo, web site): http(s) or relative only, so `javascript:` and `data:`
 * URLs are refused; an uploaded file's signed read link is stored as its plain address.
 */
export const link = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => value === '' || isSafeLink(value), linkMessage)
    .transform(storedFileAddress);
export const optionalLink = (max = 1000) => link(max).nullable().optional();
/** An absolute http(s) address only (links that leave the portal). */
export const webAddress = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
      message: 'Enter an http:// or https:// address',
    });
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
