import { DynamicModule, Module, Type } from '@nestjs/common';
import { PoliciesModule } from './policies/policies.module';
import { PolicyConsoleModule } from './policies/policy-console.module';
import { ThrottlerModule } from '@nestjs/throttler';
import { Database, DatabaseModule } from '@lib/db';
import { RATE_LIMIT_WINDOW_MS } from '@lib/http';
import { CoreDeps, CoreModule } from './core.module';
import { AdminModule } from './platform/admin/admin.module';
import { PortalModule } from './platform/portal/portal.module';
import { HealthController } from './platform/health/health.controller';
import { DatabaseProbeRepository } from './platform/health/database-probe.repository';
import { OAuthController } from './platform/oauth/oauth.controller';
import { TokenAttempts } from './platform/oauth/token-attempts';
import { MotorModule } from './products/motor/motor.module';
import { LifeModule } from './products/life/life.module';
import { HorseModule } from './products/horse/horse.module';
import { MedicalModule } from './products/medical/medical.module';
import { EmbedModule } from './products/motor/embed/embed.module';
import { PropertyModule } from './products/property/property.module';
import { ClaimsModule } from './policies/claims/claims.module';
import { FilesModule } from './platform/files/files.module';
import { PaymentsModule } from './payments/payments.module';
import { SandboxMessagesModule } from './platform/sms/sandbox-messages.module';
import { SandboxToolsModule } from './platform/sandbox/tools/sandbox-tools.module';
import { TestClocksModule } from './platform/test-clocks/test-clocks.module';
import { DueEventsModule } from './platform/due-events/due-events.module';
import { DueEventsConsoleModule } from './platform/due-events/admin/due-events-console.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { SandboxWebhooksModule } from './webhooks/sandbox/sandbox-webhooks.module';
import { PortalWebhooksModule } from './webhooks/portal/portal-webhooks.module';
import { PortalBusinessModule } from './policies/portal/portal-business.module';
import { PortalPaymentsModule } from './payments/portal/portal-payments.module';
import { RequestLogModule } from './platform/request-log/request-log.module';
import { SandboxPaymentsModule } from './payments/sandbox/sandbox-payments.module';
import { TplModule } from './products/tpl/tpl.module';
import { TravelModule } from './products/travel/travel.module';

export interface AppDeps extends CoreDeps {
  db: Database;
  /** Extra modules (tests mount probes of the cross-cutting behaviour here). */
  extraModules?: Array<Type | DynamicModule>;
}

@Module({})
export class AppModule {
  static register(deps: AppDeps): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot(deps.db),
        CoreModule.register(deps),
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: RATE_LIMIT_WINDOW_MS, limit: deps.config.rateLimitDefaultPerMinute }],
          storage: deps.rateLimitStorage,
        }),
        TestClocksModule.register(deps.config.env === 'sandbox'),
        DueEventsModule,
        PoliciesModule,
        PolicyConsoleModule,
        MotorModule,
        MedicalModule,
        TplModule,
        LifeModule,
        HorseModule,
        TravelModule,
        PaymentsModule,
        EmbedModule,
        PropertyModule,
        ClaimsModule,
        FilesModule,
        AdminModule,
        DueEventsConsoleModule,
        PortalModule,
        WebhooksModule,
        PortalWebhooksModule,
        PortalPaymentsModule,
        PortalBusinessModule,
        RequestLogModule,
        ...(deps.config.env === 'sandbox' ? [SandboxMessagesModule, SandboxToolsModule, SandboxPaymentsModule, SandboxWebhooksModule] : []),
        ...(deps.extraModules ?? []),
      ],
      controllers: [OAuthController, HealthController],
      providers: [TokenAttempts, DatabaseProbeRepository],
    };
  }
}
