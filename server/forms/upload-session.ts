import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One post's files in the upload folder, from its first byte to its last reader. The files live
 * until the post's handler is done with them (keepingUploads), and are removed after that and after
 * the connection is closed, whatever happened: taken, refused, the client gone. When the client goes
 * before its answer, `signal` is aborted, and the handler stops: nobody is left to answer.
 */
export interface UploadSession {
  /** The files the parser created for this post (each one, even a part written). */
  paths: string[];
  /** The parse is over and every file closed: nothing more will appear in the folder for this post. */
  settled: Promise<unknown>;
  /** The post was refused while its body was still coming: the rest is being read and thrown away. */
  draining: boolean;
  /** Aborted when the client closes the connection before its answer is sent (ClientGone). */
  signal: AbortSignal;
  /** The handler's work, which may read the files: they are removed only once it is over. */
  handler: Promise<unknown> | undefined;
  /** When the request came (performance.now()): the browser's wait started then, upload included. */
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This post's files (registerUploadSessions: every request of the scope has one). */
    uploads?: UploadSession;
  }
}

/** Why a post's handler was stopped: its client closed the connection before the answer. */
class ClientGone extends Error {
  constructor() {
    super('the client closed the connection before its answer');
    this.name = 'ClientGone';
  }
}

/** Removes a post's files once its connection is closed and its handler done with them. */
async function removeUploads(session: UploadSession) {
  await session.settled;
  // Read after the close: a handler starting later sees the signal aborted and never opens a file.
  await session.handler;
  await Promise.all(session.paths.map((path) => rm(path, { force: true })));
}

/**
 * Gives each request of the scope its UploadSession; on the connection's close, aborts its signal if
 * no answer was sent, then removes its files once nothing reads them.
 */
export function registerUploadSessions(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const gone = new AbortController();
    const session: UploadSession = {
      paths: [],
      settled: Promise.resolve(),
      draining: false,
      signal: gone.signal,
      handler: undefined,
      startedAt: performance.now(),
    };
    request.uploads = session;
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort(new ClientGone());
      removeUploads(session).catch((error: unknown) =>
        request.log.warn({ err: error }, 'an upload could not be removed'),
      );
    });
  });
}

/** A route handler given the signal of its client's leaving (UploadSession.signal). */
export type UploadHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  signal: AbortSignal,
) => Promise<unknown>;

/**
 * Wraps the handler of a route that reads the post's files: the files live until it is done, and it
 * is given the signal that its client left. A handler that stops because its client left (or fails
 * after that) has nobody to answer: logged, and closed with 499 (the status proxies use for it).
 */
export function keepingUploads(handler: UploadHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const session = request.uploads;
    if (!session) throw new Error('keepingUploads needs registerUploadSessions in its scope');
    const stopped = () => {
      request.log.info('the visitor left before the answer: the request was stopped, nothing stored');
      return reply.code(499).send();
    };
    if (session.signal.aborted) return stopped();
    const work = handler(request, reply, session.signal);
    session.handler = work.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await work;
    } catch (error) {
      if (session.signal.aborted) return stopped();
      throw error;
    }
  };
}
