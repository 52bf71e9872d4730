import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { AdminModule } from '../admin/admin.module';
import { ClientsModule } from '../clients/clients.module';
import { PortalClientController } from './api-management/portal-client.controller';
import { PortalClientService } from './api-management/portal-client.service';
import { PartnerSessionService } from './auth/partner-session.service';
import { PartnerSessionsRepository } from './auth/partner-sessions.repository';
import { PortalSessionController, PortalSignInController } from './auth/portal-auth.controller';
import { PortalAuthGuard } from './auth/portal-guards';
import { PortalMeService } from './auth/portal-me.service';
import { InvitationAcceptanceService } from './invitations/invitation-acceptance.service';
import { InvitationMailer, invitationMailerFor } from './invitations/invitation-mailer';
import { PartnerInvitationsRepository } from './invitations/partner-invitations.repository';
import { AdminPartnerUsersController } from './users/admin-partner-users.controller';
import { PartnerUsersRepository } from './users/partner-users.repository';
import { PartnerUsersService } from './users/partner-users.service';
import { PortalUsersController } from './users/portal-users.controller';

/**
 * The partners' portal API under /portal/api (sessions of partner users, API management, the partner's users) and
 * the console's side of it under /admin/api/partner-users (staff invite a partner's first people).
 */
@Module({
  imports: [AdminModule, ClientsModule],
  controllers: [PortalSignInController, PortalSessionController, PortalClientController, PortalUsersController, AdminPartnerUsersController],
  providers: [
    PartnerUsersRepository,
    PartnerInvitationsRepository,
    PartnerSessionsRepository,
    PartnerUsersService,
    PartnerSessionService,
    InvitationAcceptanceService,
    PortalMeService,
    PortalClientService,
    PortalAuthGuard,
    {
      provide: InvitationMailer,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => invitationMailerFor(config),
    },
  ],
  // What a portal controller of an upper layer (webhooks/portal) needs for PortalApi(): the session guard and its service.
  exports: [PartnerSessionService, PortalAuthGuard],
})
export class PortalModule {}
