import { dateTimeOut, PRODUCT_CODES, shape, uuidOut, z } from '@lib/common';

const clientFields = {
  id: uuidOut,
  name: z.string(),
  active: z.boolean(),
  products: z.array(z.string()).meta({ description: `The products the client is enrolled in: ${PRODUCT_CODES.join(', ')}.`, example: ['motor'] }),
  secret_version: z.number().int(),
  secret_rotated_at: dateTimeOut,
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable().meta({ description: 'Masked for roles without read_pii on clients.' }),
  contact_phone: z.string().nullable().meta({ description: 'Masked for roles without read_pii on clients.' }),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
};
const CLIENT_EXAMPLE = {
  id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e',
  name: 'Acme Motors',
  active: true,
  products: ['motor', 'tpl'],
  secret_version: 2,
  secret_rotated_at: '2026-11-20T08:00:00.000000Z',
  contact_name: 'Sara Ali',
  contact_email: 's***@acme.example',
  contact_phone: '+9665******67',
  created_at: '2026-10-01T09:00:00.000000Z',
  updated_at: '2026-11-20T08:00:00.000000Z',
};

/** An API client (a partner) as the console shows it; never its secret's hash. */
export const adminClientShape = shape('AdminClient', z.object(clientFields).meta({ example: CLIENT_EXAMPLE }));
export type AdminClientOut = z.output<typeof adminClientShape>;

/** A client just created or rotated, with its new secret: shown this once, only its hash is stored. */
export const adminClientWithSecretShape = shape(
  'AdminClientWithSecret',
  z
    .object({ ...clientFields, secret: z.string().meta({ description: 'Shown once.' }) })
    .meta({ example: { ...CLIENT_EXAMPLE, secret: 'sk_3f9c2a7d1e6b4c8a9f0e1d2c3b4a5f6e' } }),
);
export type AdminClientWithSecretOut = z.output<typeof adminClientWithSecretShape>;
