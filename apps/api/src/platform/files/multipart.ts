import '@fastify/multipart';
import { createHash } from 'node:crypto';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiError, textIssues, textIssuesToDetails } from '@lib/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const ACCEPTS_MULTIPART = 'acceptsMultipart';

/** Marks a route that reads a multipart/form-data body itself; every other route keeps refusing one with 415. */
export const AcceptsMultipart = () => RouteConfig({ [ACCEPTS_MULTIPART]: true });

/**
 * @fastify/multipart accepts multipart/form-data on every route (it only reads the body when asked); a JSON
 * route would then see no body and answer a puzzling 422. Such requests are 415 unless the route opted in.
 */
export function refuseUnexpectedMultipart(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (req) => {
    const config = req.routeOptions?.config as unknown as Record<string, unknown> | undefined;
    if (req.isMultipart() && !config?.[ACCEPTS_MULTIPART]) {
      throw Object.assign(new Error('This endpoint does not take multipart/form-data.'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
    }
  });
}

/** One part of a multipart body as received. Bytes are only kept for expected files within the size limit. */
export type UploadPart = { type: 'field'; name: string; value: string; truncated: boolean } | ({ type: 'file'; name: string } & ReadFile);

/** One file part read to its end: hashed whole, its bytes held only when wanted and within `maxBytes`. */
export interface ReadFile {
  bytes: Buffer | null;
  size: number;
  sha256: string;
  tooLarge: boolean;
}

/**
 * Reads a file part's stream to its end (busboy cuts one byte past `maxBytes`, so an oversize file is
 * `tooLarge` and never held whole). Unwanted files are still hashed and counted, so the Idempotency-Key
 * fingerprint covers them.
 */
export async function readFilePart(file: AsyncIterable<Buffer> & { truncated: boolean }, keep: boolean, maxBytes: number): Promise<ReadFile> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    hash.update(chunk);
    if (keep) chunks.push(chunk);
  }
  const tooLarge = file.truncated || size > maxBytes;
  return { bytes: keep && !tooLarge ? Buffer.concat(chunks) : null, size, sha256: hash.digest('hex'), tooLarge };
}

/** What a failed multipart read answers: 413 naming what may be sent when a part limit was hit, else 400. */
export function multipartError(err: unknown, tooManyParts: string): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT' || e.statusCode === 413) {
    return new ApiError('PAYLOAD_TOO_LARGE', tooManyParts);
  }
  return new ApiError('MALFORMED_REQUEST', `The multipart body could not be read${e.message ? `: ${e.message}` : ''}.`);
}

/**
 * Refuses, with a 422 naming the part, a multipart body whose part names or text values hold a character no
 * text may hold (NUL, other controls, unpaired surrogates): the multipart counterpart of the validation pipe's
 * check on JSON bodies. Call it once the body is read (file parts pass their name only).
 */
export function assertCleanParts(parts: ReadonlyArray<{ name: string; value?: string }>): void {
  const issues = parts.flatMap((p) => textIssues({ [p.name]: p.value ?? '' }));
  if (issues.length) throw ApiError.validation(textIssuesToDetails(issues));
}

/** How one route reads its multipart body: busboy's limits, the file parts worth holding, and the answer to too many parts. */
export interface MultipartReading {
  limits: NonNullable<NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits']>;
  keptFiles: ReadonlySet<string>;
  maxFileBytes: number;
  tooManyParts: string;
}

/**
 * Reads every part of a multipart body in order: fields as text, files hashed to their end and held only for the
 * first part of a kept name within `maxFileBytes` (duplicates and strangers are read and dropped). An oversize
 * file ends truncated rather than failing the read, so the 422 can name every part; names and values holding a
 * character no text may hold are refused.
 */
export async function readMultipartParts(req: FastifyRequest, reading: MultipartReading): Promise<UploadPart[]> {
  const parts: UploadPart[] = [];
  const kept = new Set<string>();
  try {
    // throwFileSizeLimit: read by the plugin, missing from its types
    const options = { limits: reading.limits, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of req.parts(options)) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        parts.push({ type: 'field', name: part.fieldname, value, truncated: part.valueTruncated || part.fieldnameTruncated });
        continue;
      }
      const keep = reading.keptFiles.has(part.fieldname) && !kept.has(part.fieldname);
      if (keep) kept.add(part.fieldname);
      parts.push({ type: 'file', name: part.fieldname, ...(await readFilePart(part.file, keep, reading.maxFileBytes)) });
    }
  } catch (err) {
    throw multipartError(err, reading.tooManyParts);
  }
  assertCleanParts(parts.map((p) => (p.type === 'field' ? p : { name: p.name })));
  return parts;
}
