import { Global, Module, DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type Redis from 'ioredis';
import { Clock, RealClock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { HttpMetrics, IdempotencyInterceptor, IdempotencyRepository, ApiThrottlerGuard, WindowCounter } from '@lib/http';
import { JWT_SECRET, TokenService } from './platform/auth/token.service';
import { ClientAuthGuard } from './platform/auth/client-auth.guard';
import { ClientAuthStateRepository } from './platform/auth/client-auth-state.repository';
import { ClientsModule } from './platform/clients/clients.module';
import { SandboxScopeInterceptor } from './platform/sandbox/sandbox-scope.interceptor';
import { ShutdownDeadline } from './platform/lifecycle/shutdown-deadline';

export const REDIS = Symbol('REDIS');
/** The rate-limit windows (in process, or shared in Redis), for limits that count only some requests. */
export const WINDOW_COUNTER = Symbol('WINDOW_COUNTER');

export interface CoreDeps {
  config: AppConfig;
  clock: Clock;
  /** The same time as `clock` outside a sandbox test clock's frame, and real time inside one. */
  realClock: Clock;
  jwtSecret: string;
  redis: Redis | null;
  metrics: HttpMetrics;
  rateLimitStorage: ThrottlerStorage & WindowCounter;
}

/** Process-wide services every module may inject: config, clock, Redis, metrics, tokens, guards, the shutdown deadline. */
@Global()
@Module({})
export class CoreModule {
  static register(deps: CoreDeps): DynamicModule {
    return {
      module: CoreModule,
      imports: [ClientsModule],
      providers: [
        { provide: APP_CONFIG, useValue: deps.config },
        { provide: Clock, useValue: deps.clock },
        { provide: RealClock, useValue: deps.realClock },
        { provide: JWT_SECRET, useValue: deps.jwtSecret },
        { provide: REDIS, useValue: deps.redis },
        { provide: HttpMetrics, useValue: deps.metrics },
        { provide: WINDOW_COUNTER, useValue: deps.rateLimitStorage },
        TokenService,
        ClientAuthStateRepository,
        ClientAuthGuard,
        ApiThrottlerGuard,
        IdempotencyRepository,
        IdempotencyInterceptor,
        ShutdownDeadline,
        // sandbox mode only: in production a partner route runs no interceptor it does not need (see PartnerApi)
        ...(deps.config.env === 'sandbox' ? [{ provide: APP_INTERCEPTOR, useClass: SandboxScopeInterceptor }] : []),
      ],
      exports: [
        APP_CONFIG,
        Clock,
        RealClock,
        JWT_SECRET,
        REDIS,
        HttpMetrics,
        WINDOW_COUNTER,
        TokenService,
        ClientAuthStateRepository,
        ClientAuthGuard,
        ApiThrottlerGuard,
        IdempotencyRepository,
        IdempotencyInterceptor,
        ShutdownDeadline,
        ClientsModule,
      ],
    };
  }
}
