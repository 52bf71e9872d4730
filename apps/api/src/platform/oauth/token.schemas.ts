/** OpenAPI shapes of the token endpoint (parsed by hand there, to answer in RFC 6749's error format). */
export const tokenRequestSchema = {
  type: 'object',
  properties: {
    grant_type: { type: 'string', enum: ['client_credentials'], default: 'client_credentials' },
    client_id: { type: 'string', format: 'uuid', description: 'Omit when sent with HTTP Basic.' },
    client_secret: { type: 'string', description: 'Omit when sent with HTTP Basic.' },
  },
  example: { grant_type: 'client_credentials', client_id: '9d7f5a3e-2c1b-4e8f-9a6d-0b1c2d3e4f50', client_secret: '<secret>' },
};

export const tokenResponseSchema = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string', description: 'JWT (HS256).' },
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer', description: 'Seconds until the token expires (TOKEN_TTL_SECONDS, default 86400).' },
  },
  example: { access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...', token_type: 'Bearer', expires_in: 86400 },
};
