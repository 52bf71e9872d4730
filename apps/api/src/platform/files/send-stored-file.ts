import type { FastifyReply } from 'fastify';
import { ApiError } from '@lib/common';
import { downloadName } from './file-kinds';
import { FILE_EXTENSIONS, FileStore, type StoredContentType } from './file-store';
import type { StoredFileRow } from './stored-file.repository';

/**
 * Sends a stored file someone was found to have authority over: never cached by shared caches or kept
 * by the browser, never sniffed into another type, never rendered as a page, saved under a clear name.
 */
export async function sendStoredFile(files: FileStore, row: StoredFileRow, reply: FastifyReply): Promise<void> {
  const file = await files.open(row);
  if (!file) throw ApiError.notFound('No file with this name.');
  const name = downloadName(row.kind, row.id, FILE_EXTENSIONS[row.contentType as StoredContentType]);
  await reply
    .status(200)
    .header('Content-Type', row.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .send(file.stream);
}
