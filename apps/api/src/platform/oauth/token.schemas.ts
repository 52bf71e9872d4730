import { shape, z } from '@lib/common';

/** OpenAPI shapes of the token endpoint (its request is parsed by hand there, to answer in RFC 6749's error format). */
export const tokenRequestSchema = {
  type: 'object',
  properties: {
    grant_type: { type: 'string', enum: ['client_credentials'], default: 'client_credentials' },
    client_id: { type: 'string', format: 'uuid', description: 'Omit when sent with HTTP Basic.' },
    client_secret: { type: 'string', description: 'Omit when sent with HTTP Basic.' },
  },
  example: { grant_type: 'client_credentials', client_id: '9d7f5a3e-2c1b-4e8f-9a6d-0b1c2d3e4f50', client_secret: '<secret>' },
};

/** The access token (RFC 6749 §5.1). */
export const tokenShape = shape(
  'OAuthToken',
  z
    .object({
      access_token: z.string().meta({ description: 'JWT (HS256).' }),
      token_type: z.enum(['Bearer']),
      expires_in: z.number().int().meta({ description: 'Seconds until the token expires (TOKEN_TTL_SECONDS, default 86400).' }),
    })
    .meta({ example: { access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...', token_type: 'Bearer', expires_in: 86400 } }),
);
export type TokenOut = z.output<typeof tokenShape>;
