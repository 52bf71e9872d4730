import { dateTimeOut, shape, uuidOut, z } from '@lib/common';
import { EMBED_TARGET_KINDS, type EmbedTargetKind } from './embed-target.rules';

/** A site (an origin that may frame embed sessions) or an app link (a prefix of a WebView session's deep_link) of a client. */
export const adminEmbedTargetShape = shape(
  'AdminEmbedTarget',
  z
    .object({
      id: uuidOut,
      kind: z.enum(EMBED_TARGET_KINDS as [EmbedTargetKind, ...EmbedTargetKind[]]).meta({ description: '`origin` or `app`.' }),
      value: z.string().meta({ description: 'Normalised: scheme, host and port for an origin; the link prefix for an app.' }),
      created_at: dateTimeOut,
    })
    .meta({
      example: { id: '3f0c2a8e-5b1d-4c7e-9a60-2d4b8c1e7f90', kind: 'origin', value: 'https://shop.acme.example', created_at: '2026-11-22T09:00:00.000000Z' },
    }),
);
export type AdminEmbedTargetOut = z.output<typeof adminEmbedTargetShape>;

export const adminEmbedTargetListShape = shape('AdminEmbedTargetList', z.array(adminEmbedTargetShape));
