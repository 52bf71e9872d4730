import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TestClockInterceptor } from './test-clock.interceptor';
import { TestClockRepository } from './test-clock.repository';
import { TestClocks } from './test-clocks';

/** Test clocks for every module (they do nothing in production, where no request runs in a frame). */
@Global()
@Module({})
export class TestClocksModule {
  static register(sandbox: boolean): DynamicModule {
    return {
      module: TestClocksModule,
      providers: [TestClockRepository, TestClocks, ...(sandbox ? [{ provide: APP_INTERCEPTOR, useClass: TestClockInterceptor }] : [])],
      exports: [TestClockRepository, TestClocks],
    };
  }
}
