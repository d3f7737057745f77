import type { Reply } from '@portal/contract/envelope';

/** The success envelope; every handler answers through it. */
export const ok = <T>(message: string, data: T): Reply<T> => ({ success: true, message, data });
