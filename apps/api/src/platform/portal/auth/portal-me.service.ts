import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { PARTNER_ACTIONS, partnerCan } from '@lib/common/permissions';
import { ApiClientRepository } from '../../clients/api-client.repository';
import { PartnerUser, PartnerUsersRepository } from '../users/partner-users.repository';

/** Who is signed in, with their partner's name and what their role may do. */
@Injectable()
export class PortalMeService {
  constructor(
    private readonly users: PartnerUsersRepository,
    private readonly clients: ApiClientRepository,
  ) {}

  async user(id: string): Promise<PartnerUser> {
    const user = await this.users.find(id);
    if (!user) throw ApiError.notFound('No such portal user.');
    return user;
  }

  async of(user: PartnerUser) {
    const client = await this.clients.findById(user.clientId);
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      client_id: user.clientId,
      client_name: client?.name ?? '',
      permissions: Object.fromEntries(PARTNER_ACTIONS.map((a) => [a, partnerCan(user.role, a)])),
    };
  }
}
