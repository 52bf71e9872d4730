import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { StoredFileRepository, StoredFileRow } from './stored-file.repository';

/** The content types the store serves, with the extension of their public URL. */
export const FILE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;
export type StoredContentType = keyof typeof FILE_EXTENSIONS;

const CONTENT_TYPES: Record<string, StoredContentType> = Object.fromEntries(
  Object.entries(FILE_EXTENSIONS).map(([type, ext]) => [ext, type as StoredContentType]),
);

export interface SaveFile {
  clientId: string;
  /** What the file is, e.g. `vehicle-photo/front`. */
  kind: string;
  /** As established from the content, never as declared by the uploader. */
  contentType: StoredContentType;
  bytes: Buffer;
}

export interface SavedFile extends StoredFileRow {
  /** Absolute: `${PUBLIC_BASE_URL}/files/<id>.<ext>`, served to the owning client's token and to staff who may read it. */
  url: string;
}

export interface OpenedFile {
  row: StoredFileRow;
  size: number;
  stream: ReadStream;
}

/**
 * Files under DATA_DIR/files/<id>.<ext>, one StoredFile row each (owner client and kind). Who may read
 * one is decided where it is served (files.controller.ts, admin-files.controller.ts), never by the URL alone.
 */
@Injectable()
export class FileStore {
  private readonly log = new Logger('FileStore');
  private readonly dir: string;

  constructor(
    private readonly repo: StoredFileRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.dir = join(config.dataDir, 'files');
  }

  /** Writes the bytes (to a temporary name, then renamed, so a half-written file is never served) and records them. */
  async save(file: SaveFile): Promise<SavedFile> {
    const id = randomUUID();
    const name = fileName(id, file.contentType);
    await mkdir(this.dir, { recursive: true });
    const tmp = join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, file.bytes, { mode: 0o600 });
    await rename(tmp, join(this.dir, name));
    try {
      const row = await this.repo.create({
        id,
        clientId: file.clientId,
        kind: file.kind,
        contentType: file.contentType,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        createdAt: this.clock.now(),
      });
      return { ...row, url: this.urlOf(row) };
    } catch (err) {
      await rm(join(this.dir, name), { force: true });
      throw err;
    }
  }

  urlOf(row: Pick<StoredFileRow, 'id' | 'contentType'>): string {
    return `${this.config.publicBaseUrl}/files/${fileName(row.id, row.contentType as StoredContentType)}`;
  }

  /** The row behind a public name `<uuid>.<ext>`, or null when there is none (or the extension does not match). */
  async find(publicName: string): Promise<StoredFileRow | null> {
    const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]{3,4})$/.exec(publicName);
    if (!m || !CONTENT_TYPES[m[2]]) return null;
    const row = await this.repo.find(m[1]);
    return row && row.contentType === CONTENT_TYPES[m[2]] ? row : null;
  }

  /** The bytes of a stored file, or null when they are missing on disk. */
  async open(row: StoredFileRow): Promise<OpenedFile | null> {
    const path = join(this.dir, fileName(row.id, row.contentType as StoredContentType));
    try {
      const info = await stat(path);
      return { row, size: info.size, stream: createReadStream(path) };
    } catch {
      this.log.error(`stored file ${row.id} has a row but no bytes on disk`);
      return null;
    }
  }

  /** Removes files that were written but not kept (rows and bytes); never fails the caller. */
  async discard(files: Array<Pick<StoredFileRow, 'id' | 'contentType'>>): Promise<void> {
    if (!files.length) return;
    try {
      await this.repo.deleteMany(files.map((f) => f.id));
      await Promise.all(files.map((f) => rm(join(this.dir, fileName(f.id, f.contentType as StoredContentType)), { force: true })));
    } catch (err) {
      this.log.warn(`could not discard ${files.length} file(s): ${(err as Error).message}`);
    }
  }
}

function fileName(id: string, contentType: StoredContentType): string {
  return `${id}.${FILE_EXTENSIONS[contentType]}`;
}
