import { dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';
import { PHOTO_PARTS } from '@lib/providers';
import { vehiclePhotoUrls } from '../../photos/vehicle-photos.response';
import { EMBED_LOCALES, EMBED_PLATFORMS } from './embed-session.schema';

const SESSION_EXAMPLE = {
  id: '3f0c2a8e-5b1d-4c7e-9a60-2d4b8c1e7f90',
  quote_request_id: 42,
  platform: 'web',
  embed_url: 'https://api.example.com/embed/hT3kQ9v0y2ZcW8mR1nB5xL7pA4sD6fG0jK2lM9qE3uY',
  expires_at: '2026-11-22T11:15:30.123000Z',
  expired: false,
  parent_origin: 'https://shop.example.com',
  deep_link: null,
  locale: 'ar',
  redirect_url: 'https://shop.example.com/insurance/done?policy=policyID',
  first_opened_at: null,
  attachments: null,
  policy_id: null,
  created_at: '2026-11-22T10:15:30.123000Z',
};

/** An embed session of the motor price comparison: where its page runs, until when, and what came of it. */
export const embedSessionShape = shape(
  'MotorEmbedSession',
  z
    .object({
      id: uuidOut,
      quote_request_id: intIdOut,
      platform: z.enum(EMBED_PLATFORMS),
      embed_url: z.string().meta({ format: 'uri', description: "Carries the session's secret token: give it only to the customer's browser or WebView." }),
      expires_at: dateTimeOut,
      expired: z.boolean(),
      parent_origin: z.string().nullable().meta({ description: 'With `platform` `web`: the origin of the page that frames `embed_url`.' }),
      deep_link: z.string().nullable().meta({ description: 'With `platform` `webview`: where the app gets the customer back.' }),
      locale: z.enum(EMBED_LOCALES),
      redirect_url: z.string().nullable(),
      first_opened_at: dateTimeOut.nullable(),
      attachments: vehiclePhotoUrls.nullable().meta({ description: 'The vehicle photos stored for the session, or null.' }),
      policy_id: intIdOut.nullable().meta({ description: 'The motor policy issued in the session, once issued.' }),
      created_at: dateTimeOut,
    })
    .meta({ example: SESSION_EXAMPLE }),
);
export type EmbedSessionOut = z.output<typeof embedSessionShape>;

/** The answer of the embed session's photo upload. */
export const embedSessionPhotosShape = shape(
  'MotorEmbedSessionPhotos',
  z.object({ id: uuidOut, quote_request_id: intIdOut, attachments: vehiclePhotoUrls }).meta({
    example: {
      id: SESSION_EXAMPLE.id,
      quote_request_id: 42,
      attachments: Object.fromEntries(PHOTO_PARTS.map((p, i) => [p, `https://api.example.com/files/0b6f3c2e-7d1a-4c55-9a0e-1e4d5c6b7a8${i}.jpg`])),
    },
  }),
);
export type EmbedSessionPhotosOut = z.output<typeof embedSessionPhotosShape>;
