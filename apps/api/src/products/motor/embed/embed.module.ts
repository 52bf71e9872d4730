import { Module } from '@nestjs/common';
import { AdminModule } from '../../../platform/admin/admin.module';
import { FilesModule } from '../../../platform/files/files.module';
import { MotorModule } from '../motor.module';
import { EmbedCheckoutService } from './checkout/embed-checkout.service';
import { EmbedPageController } from './page/embed-page.controller';
import { EmbedSessionGuard, EmbedSessionResolver } from './page/embed-session.guard';
import { EmbedSessionRepository } from './sessions/embed-session.repository';
import { EmbedSessionsController } from './sessions/embed-sessions.controller';
import { EmbedTokens } from './sessions/embed-token';
import { OpenEmbedSessionUseCase } from './sessions/open-embed-session.use-case';
import { StoreSessionPhotosUseCase } from './sessions/store-session-photos.use-case';
import { AdminEmbedTargetsController } from './targets/admin-embed-targets.controller';
import { EmbedTargetRepository } from './targets/embed-target.repository';

/**
 * Embed sessions of the motor comparison flow: the partner API that opens them, the page a partner
 * frames (or opens in a WebView), and the sites and app links each client registers in the console.
 */
@Module({
  imports: [MotorModule, AdminModule, FilesModule],
  controllers: [EmbedSessionsController, EmbedPageController, AdminEmbedTargetsController],
  providers: [
    EmbedTokens,
    EmbedTargetRepository,
    EmbedSessionRepository,
    OpenEmbedSessionUseCase,
    StoreSessionPhotosUseCase,
    EmbedCheckoutService,
    EmbedSessionResolver,
    EmbedSessionGuard,
  ],
})
export class EmbedModule {}
