import { errorReplySchema, type Reply } from '@portal/contract/envelope';

/** The success envelope; every handler answers through it. */
export const ok = <T>(message: string, data: T): Reply<T> => ({ success: true, message, data });

/**
 * The error replies a route declares, one per status, all the one error envelope:
 * `response: { 200: replySchema(x), ...errorReplies(400, 403, 404, 460) }`.
 */
export function errorReplies<const Code extends number>(
  ...codes: Code[]
): Record<Code, typeof errorReplySchema> {
  return Object.fromEntries(codes.map((code) => [code, errorReplySchema])) as Record<
    Code,
    typeof errorReplySchema
  >;
}
