import type { FastifyReply } from 'fastify';

/**
 * Answers a list the ra-data-simple-rest way: the rows as a JSON array and
 * `Content-Range: <resource> <first>-<last>/<total>` (`<resource> *\/<total>` for an empty page).
 */
export function listResponse<T>(reply: FastifyReply, resource: string, rows: T[], total: number, skip: number): T[] {
  const range = rows.length ? `${skip}-${skip + rows.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${range}/${total}`);
  return rows;
}
