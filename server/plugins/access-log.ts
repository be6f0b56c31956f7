import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request, when it completes, with the method, URL,
 * status and time, instead of Fastify's two (one when it comes in): under load
 * writing the log is a large share of the work of serving a page.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
