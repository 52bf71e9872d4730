import { Injectable } from '@nestjs/common';
import { ApiError, formatDateTime } from '@lib/common';
import { ApiClient, ApiClientRepository } from '../../clients/api-client.repository';
import type { AuditActor } from '../../admin/audit/audit-trail';
import { AdminClientsService } from '../../admin/clients/admin-clients.service';

export function presentPortalClient(c: ApiClient) {
  return { client_id: c.id, name: c.name, active: c.active, products: c.products, secret_rotated_at: formatDateTime(c.secretRotatedAt) };
}

/**
 * A partner's own API credentials. Rotation is the console's (AdminClientsService.rotateSecret): the new
 * secret's hash and the moved token version commit with the audit row naming the partner user.
 */
@Injectable()
export class PortalClientService {
  constructor(
    private readonly clients: ApiClientRepository,
    private readonly adminClients: AdminClientsService,
  ) {}

  async show(clientId: string) {
    const client = await this.clients.findById(clientId);
    if (!client) throw ApiError.notFound('No such API client.');
    return presentPortalClient(client);
  }

  async rotateSecret(actor: AuditActor, clientId: string) {
    const { client, secret } = await this.adminClients.rotateSecret(actor, clientId);
    return { ...presentPortalClient(client), client_secret: secret };
  }
}
