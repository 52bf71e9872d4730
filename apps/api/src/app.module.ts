import { DynamicModule, Module, Type } from '@nestjs/common';
import { PoliciesModule } from './policies/policies.module';
import { ThrottlerModule } from '@nestjs/throttler';
import { Database, DatabaseModule } from '@lib/db';
import { RATE_LIMIT_WINDOW_MS } from '@lib/http';
import { CoreDeps, CoreModule } from './core.module';
import { AdminModule } from './admin/admin.module';
import { HealthController } from './health/health.controller';
import { OAuthController } from './oauth/oauth.controller';
import { TokenAttempts } from './oauth/token-attempts';
import { MotorModule } from './motor/motor.module';
import { LifeModule } from './life/life.module';
import { HorseModule } from './horse/horse.module';
import { MedicalModule } from './medical/medical.module';
import { EmbedModule } from './embed/embed.module';
import { PropertyModule } from './property/property.module';
import { ClaimsModule } from './claims/claims.module';
import { FilesModule } from './files/files.module';
import { PaymentsModule } from './payments/payments.module';
import { SandboxMessagesModule } from './sms/sandbox-messages.module';
import { SandboxToolsModule } from './sandbox/tools/sandbox-tools.module';
import { TestClocksModule } from './test-clocks/test-clocks.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { TplModule } from './tpl/tpl.module';
import { TravelModule } from './travel/travel.module';

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
        PoliciesModule,
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
        WebhooksModule,
        ...(deps.config.env === 'sandbox' ? [SandboxMessagesModule, SandboxToolsModule] : []),
        ...(deps.extraModules ?? []),
      ],
      controllers: [OAuthController, HealthController],
      providers: [TokenAttempts],
    };
  }
}
