import type { FastifyRequest } from 'fastify';

/** The authenticated partner client of a request. */
export interface Partner {
  clientId: string;
  name: string;
  products: string[];
}

export type PartnerRequest = FastifyRequest & { partner?: Partner; principal?: string; principalClientId?: string };
