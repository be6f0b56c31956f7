import type { FastifyReply } from 'fastify';

/** A CSV file to save (it holds personal data: never cached). */
export function csvDownload(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
