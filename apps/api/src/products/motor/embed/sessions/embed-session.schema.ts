import { ErrorDetails, z } from '@lib/common';

export const EMBED_SESSION_FIELDS = ['platform', 'parent_origin', 'deep_link', 'locale', 'redirect_url'] as const;
export const EMBED_PLATFORMS = ['web', 'webview'] as const;
export const EMBED_LOCALES = ['en', 'ar'] as const;

/** Where and how the session runs; every other field of the body is a Request Quotes field. */
export const embedFieldsSchema = z.object({
  platform: z.enum(EMBED_PLATFORMS, { error: 'The platform must be web or webview.' }),
  parent_origin: z.string({ error: 'The parent origin must be a string.' }).max(512, 'The parent origin may not be longer than 512 characters.').optional(),
  deep_link: z.string({ error: 'The deep link must be a string.' }).max(2048, 'The deep link may not be longer than 2048 characters.').optional(),
  locale: z.enum(EMBED_LOCALES, { error: 'The locale must be en or ar.' }).default('en'),
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'The redirect url must be an http or https URL.' })
    .max(2048, 'The redirect url may not be longer than 2048 characters.')
    .optional(),
});

/**
 * Which of parent_origin and deep_link the platform needs: checked on the raw body, so these problems are
 * reported together with every other bad field rather than only once the rest is valid.
 */
export function platformProblems(own: Record<string, unknown>): ErrorDetails {
  const details: ErrorDetails = {};
  if (own.platform === 'web') {
    if (own.parent_origin === undefined) details.parent_origin = ['The parent origin field is required when platform is web.'];
    if (own.deep_link !== undefined) details.deep_link = ['The deep link is only sent when platform is webview.'];
  }
  if (own.platform === 'webview') {
    if (own.deep_link === undefined) details.deep_link = ['The deep link field is required when platform is webview.'];
    if (own.parent_origin !== undefined) details.parent_origin = ['The parent origin is only sent when platform is web.'];
  }
  return details;
}

export type EmbedFields = z.output<typeof embedFieldsSchema>;

/** Splits a body into the session's own fields and the Request Quotes fields. */
export function splitBody(body: unknown): { own: Record<string, unknown>; quote: Record<string, unknown> } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const own: Record<string, unknown> = {};
  const quote: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) ((EMBED_SESSION_FIELDS as readonly string[]).includes(k) ? own : quote)[k] = v;
  return { own, quote };
}
