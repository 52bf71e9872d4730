import { formatDateTime, formatNullableDateTime } from '@lib/common';
import { PHOTO_PARTS, VehiclePhotoUrls } from '@lib/providers';
import { EmbedSession, sessionPhotos } from './embed-session.repository';
import type { EmbedSessionOut } from './embed-session.response';

export const embedUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/embed/${token}`;

export function photoUrls(s: EmbedSession): VehiclePhotoUrls | null {
  const photos = sessionPhotos(s);
  return photos ? (Object.fromEntries(PHOTO_PARTS.map((p) => [p, photos[p].url])) as VehiclePhotoUrls) : null;
}

/** The embed session object of the partner API. */
export function presentEmbedSession(s: EmbedSession, url: string, now: Date): EmbedSessionOut {
  return {
    id: s.id,
    quote_request_id: s.quoteRequestId,
    platform: s.platform as EmbedSessionOut['platform'],
    embed_url: url,
    expires_at: formatDateTime(s.expiresAt),
    expired: s.expiresAt.getTime() <= now.getTime(),
    parent_origin: s.parentOrigin,
    deep_link: s.deepLink,
    locale: s.locale as EmbedSessionOut['locale'],
    redirect_url: s.redirectUrl,
    first_opened_at: formatNullableDateTime(s.firstOpenedAt),
    attachments: photoUrls(s),
    policy_id: s.policyId,
    created_at: formatDateTime(s.createdAt),
  };
}

export type EmbedSessionResponse = EmbedSessionOut;
