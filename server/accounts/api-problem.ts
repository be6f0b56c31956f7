import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type ApiError, fieldMessages, INVALID_MESSAGE } from '../../common/inbox-api/endpoint.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import { CeremonyFailed } from './ceremonies.ts';

/** A refused API request: its status, a code for the page and a sentence for the person. */
export class ApiProblem extends Error {
  override name = 'ApiProblem';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) =>
  new ApiProblem(404, 'not-found', `${what} does not exist (any more).`);

/** The body or query, checked; a 400 naming each wrong field otherwise. */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new ApiProblem(400, 'invalid', INVALID_MESSAGE, fieldMessages(result.error));
}

/** Every refusal of the API is JSON (ApiError), never a stack trace or a page. */
export function answerProblemsAsJson(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiProblem | CeremonyFailed, request, reply) => {
    let body: ApiError;
    let status: number;
    if (error instanceof ApiProblem) {
      status = error.statusCode;
      body = { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
    } else if (error instanceof CeremonyFailed) {
      status = 400;
      body = { error: 'passkey', message: error.message };
    } else if (isStorageUnavailable(error)) {
      request.log.warn({ err: error }, 'inbox request refused: database unavailable');
      status = 503;
      body = {
        error: 'unavailable',
        message: 'The inbox cannot reach its database just now. Please try again in a minute.',
      };
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        error: 'rate-limited',
        message: 'Too many attempts. Please wait a few minutes and try again.',
      };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: 'bad-request', message: 'The request could not be read.' };
    } else {
      request.log.error({ err: error }, 'inbox request failed');
      status = 500;
      body = { error: 'internal', message: 'Something went wrong on our side. Please try again.' };
    }
    return reply.code(status).header('cache-control', 'no-store').send(body);
  });
}
