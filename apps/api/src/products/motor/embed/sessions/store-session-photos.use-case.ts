import { Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDateTime } from '@lib/common';
import { PHOTO_PARTS } from '@lib/providers';
import { TestClocks } from '../../../../platform/test-clocks/test-clocks';
import { FileStore } from '../../../../platform/files/file-store';
import type { MultipartUpload } from '../../photos/multipart-upload.guard';
import { RegisterVehiclePhotosUseCase } from '../../photos/register-vehicle-photos.use-case';
import { EmbedSession, EmbedSessionRepository, SessionPhotos } from './embed-session.repository';
import { photoUrls } from './embed-session.presenter';
import type { EmbedSessionPhotosOut } from './embed-session.response';

/**
 * Stores a session's five photos with the motor photo rules (content-checked JPEG/PNG, 3 MB each, all five),
 * replacing any earlier set, whose files are then removed. Nothing goes to an insurer here: the set is
 * registered with the insurer of the comprehensive quote the customer picks in the embed.
 */
@Injectable()
export class StoreSessionPhotosUseCase {
  constructor(
    private readonly photos: RegisterVehiclePhotosUseCase,
    private readonly sessions: EmbedSessionRepository,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(session: EmbedSession, upload: MultipartUpload): Promise<EmbedSessionPhotosOut> {
    await this.testClocks.adopt({ type: 'quote_request', key: String(session.quoteRequestId) });
    assertOpen(session, this.clock.now());
    if (session.policyId) throw new ApiError('CONFLICT', 'A policy was already issued in this session; its photos can no longer change.');
    const saved = await this.photos.checkAndStore(session.clientId, upload);
    const set = Object.fromEntries(
      PHOTO_PARTS.map((p) => [p, { file_id: saved[p].id, content_type: saved[p].contentType, url: saved[p].url }]),
    ) as SessionPhotos;
    const outcome = await this.sessions.replacePhotos(session.id, set, this.clock.now());
    if (!outcome) {
      await this.files.discard(Object.values(saved));
      throw new ApiError('CONFLICT', 'A policy was already issued in this session; its photos can no longer change.');
    }
    if (outcome.replaced) {
      // an insurer that checked the earlier set keeps its URLs: those files stay
      const kept = await this.sessions.registeredPhotoUrls(session.quoteRequestId);
      await this.files.discard(
        Object.values(outcome.replaced)
          .filter((f) => !kept.has(f.url))
          .map((f) => ({ id: f.file_id, contentType: f.content_type })),
      );
    }
    return { id: session.id, quote_request_id: session.quoteRequestId, attachments: photoUrls({ ...session, photos: set as never })! };
  }
}

/** 410 once the hour is over: the partner opens a new session with the same payload. */
export function assertOpen(session: EmbedSession, now: Date): void {
  if (session.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError(
      'EMBED_SESSION_EXPIRED',
      `This embed session expired at ${formatDateTime(session.expiresAt)}. Open a new one by posting the same payload to POST /embed-sessions.`,
    );
  }
}
