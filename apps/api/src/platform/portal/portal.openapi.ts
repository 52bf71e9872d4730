import { PARTNER_ACTIONS, PARTNER_ROLES } from '@lib/common/permissions';
import { z } from '@lib/common';
import { partnerUserSchema } from './users/partner-user.presenter';

/** The portal API's inputs and answers, written once: validation, OpenAPI and the e2e tests' checks. */

export const doc = (schema: z.ZodType, io: 'input' | 'output' = 'output') => z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as object;

export const partnerRole = z.enum(PARTNER_ROLES);
/** A link's token: 32 random bytes, base64url. */
export const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The token is not an invitation token.');

export const loginBody = z.strictObject({ email: z.string().trim().min(1).max(255), password: z.string().min(1).max(256) });
export const invitationBody = z.strictObject({ token: invitationToken });
export const acceptBody = z.strictObject({ token: invitationToken, password: z.string().max(256) });
/** Spaces around a pasted address are not part of it. */
export const inviteEmail = z.string().trim().max(255).pipe(z.email());
export const inviteBody = z.strictObject({ email: inviteEmail, role: partnerRole });
export const idParam = z.strictObject({ id: z.uuid() });

export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: partnerRole,
  client_id: z.uuid(),
  client_name: z.string(),
  /** action -> allowed, by the same rule the API enforces. */
  permissions: z.record(z.enum(PARTNER_ACTIONS), z.boolean()),
});

export const invitationSchema = z.object({ email: z.string(), role: partnerRole, client_name: z.string(), expires_at: z.string() });
export const acceptedSchema = z.object({ email: z.string() });

export const clientSchema = z.object({
  client_id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  /** The product codes the client is enrolled in. */
  products: z.array(z.string()),
  secret_rotated_at: z.string(),
});

export const rotatedSchema = clientSchema.extend({
  /** Shown once: only its hash is kept. Every token issued before is refused from now on. */
  client_secret: z.string(),
});

export const invitedSchema = partnerUserSchema.extend({
  invitation_expires_at: z.string(),
  /** The one-time link to choose a password. Given back in the sandbox only; in production it is mailed. */
  invitation_url: z.string().nullable(),
});

export { partnerUserSchema };
export const partnerUserListSchema = z.array(partnerUserSchema);
