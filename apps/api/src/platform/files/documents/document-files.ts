import { Injectable } from '@nestjs/common';
import { ApiError, ErrorDetails } from '@lib/common';
import { FileStore, SavedFile } from '../file-store';
import { inspectDocument } from './document-content';
import type { UploadedFilePart } from './document-upload.guard';

/** Checks uploaded documents by content and stores them; every refused file is named in one 422. */
@Injectable()
export class DocumentFiles {
  constructor(private readonly files: FileStore) {}

  async checkAndSave(p: { clientId: string; kind: string; field: string; files: UploadedFilePart[]; min: number; max: number }): Promise<SavedFile[]> {
    const details: ErrorDetails = {};
    if (p.files.length < p.min) details[p.field] = [`At least ${p.min} document${p.min === 1 ? ' is' : 's are'} required.`];
    if (p.files.length > p.max) details[p.field] = [`At most ${p.max} documents may be sent at once.`];
    if (Object.keys(details).length) throw ApiError.validation(details);
    const verdicts = await Promise.all(
      p.files.map((f) =>
        f.bytes ? inspectDocument(f.bytes) : Promise.resolve({ ok: false as const, problem: 'is larger than the limit (3 MB for images, 5 MB for PDFs)' }),
      ),
    );
    verdicts.forEach((v, i) => {
      if (!v.ok) details[`${p.field}.${i}`] = [`The document ${v.problem}.`];
    });
    if (Object.keys(details).length) throw ApiError.validation(details);
    const saved: SavedFile[] = [];
    try {
      for (const [i, f] of p.files.entries()) {
        const v = verdicts[i];
        if (v.ok) saved.push(await this.files.save({ clientId: p.clientId, kind: p.kind, contentType: v.contentType, bytes: f.bytes! }));
      }
    } catch (err) {
      await this.files.discard(saved);
      throw err;
    }
    return saved;
  }

  discard(saved: SavedFile[]): Promise<void> {
    return this.files.discard(saved);
  }
}
