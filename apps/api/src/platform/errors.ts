import type { FieldErrors } from '@portal/contract/envelope';

/** The one error the services throw; the error handler turns it into the reply envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
  static badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
  static forbidden = (message = 'You do not have permission to do this') =>
    new AppError(403, message);
  static notFound = (what = 'Record') => new AppError(404, `${what} not found`);
  static conflict = (message: string, data: Record<string, unknown> | null = null) =>
    new AppError(409, message, undefined, data);
  static sessionExpired = (message: string) => new AppError(460, message);
}
