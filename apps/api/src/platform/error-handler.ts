import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { FieldErrors } from '@portal/contract/envelope';
import { AppError } from './errors.ts';

const SERVER_ERROR = 'Server error';
/** What a request gets while the database cannot be reached (an outage, a restart, a cut link). */
export const DATABASE_UNAVAILABLE = 'The database is unavailable; please try again shortly';

/** PostgreSQL error codes a request can cause with bad input, mapped to a 4xx. */
const pgErrors: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'A record with these details already exists' },
  '23503': { status: 400, message: 'A referenced record does not exist' },
  '22P02': { status: 400, message: 'A value has the wrong format' },
  '22003': { status: 400, message: 'A number is out of range' },
  '23514': { status: 400, message: 'A value is not allowed' },
};

/** drizzle wraps driver errors; the PostgreSQL code sits on the error or one of its causes. */
function postgresCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Socket errors of the driver's connection to the database server. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P01 admin_shutdown (a restart or pg_terminate_backend), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up), 53300 too_many_connections.
 */
const unavailableStates = /^(08...|57P0[123]|53300)$/;
/** node-postgres reports a dropped link with messages only, no code. */
const droppedLink =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection is closed)/;

/** True when the error (or one of its causes) says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (connectionCodes.has(code) || unavailableStates.test(code)))
      return true;
    if (typeof message === 'string' && droppedLink.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function reply(message: string, errors?: FieldErrors, data: Record<string, unknown> | null = null) {
  return { success: false, message, data, ...(errors ? { errors } : {}) };
}

/**
 * One mapping from anything thrown to the envelope: clear 4xx messages for what the caller did
 * wrong, `Server error` with no detail for the rest (the detail goes to the log).
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
      return res.status(error.statusCode).send(reply(error.message, error.errors, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (error.validationContext ?? 'request');
        (errors[path] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(errors)[0];
      const message = first
        ? `Invalid ${error.validationContext ?? 'request'}: ${first[0]}: ${first[1][0]}`
        : 'Invalid request';
      return res.status(400).send(reply(message, errors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return res.status(500).send(reply(SERVER_ERROR));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return res.status(503).header('retry-after', '5').send(reply(DATABASE_UNAVAILABLE));
    }
    const pg = postgresCode(error);
    if (pg && pgErrors[pg]) {
      const mapped = pgErrors[pg];
      request.log.info(
        { code: pg, detail: (error.cause as { detail?: string } | undefined)?.detail },
        mapped.message,
      );
      return res.status(mapped.status).send(reply(mapped.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return res.status(status).send(reply(clientMessage(error)));
    }
    request.log.error({ err: error }, 'request failed');
    return res.status(500).send(reply(SERVER_ERROR));
  });
}

/** The 404 for a path nothing serves. */
export const notFoundReply = (method: string, path: string) =>
  reply(`No such endpoint: ${method} ${path}`);

/** Fastify's own client errors, reworded for people. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json';
    default:
      return error.statusCode === 400 && error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.message;
  }
}
