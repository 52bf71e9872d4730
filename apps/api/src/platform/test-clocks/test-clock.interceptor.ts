import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { withTestClockFrame } from '@lib/common';
import type { PartnerRequest } from '../auth/partner';
import { TEST_CLOCK_HEADER, TestClocks } from './test-clocks';

/**
 * Sandbox mode: every HTTP request runs in a test clock frame. A partner's `Sandbox-Test-Clock` header puts
 * its clock there before the handler runs; requests without it (the payment page, the vendor's callbacks,
 * the embed page) get a clock when they touch a clocked resource.
 */
@Injectable()
export class TestClockInterceptor implements NestInterceptor {
  constructor(private readonly clocks: TestClocks) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<PartnerRequest>();
    const header = req.headers[TEST_CLOCK_HEADER];
    const clientId = req.partner?.clientId;
    return new Observable((subscriber) =>
      withTestClockFrame(() => {
        let inner: { unsubscribe(): void } | undefined;
        const ready = header !== undefined && clientId ? this.clocks.useHeader(clientId, header) : Promise.resolve();
        ready.then(
          () => (inner = next.handle().subscribe(subscriber)),
          (err: unknown) => subscriber.error(err),
        );
        return () => inner?.unsubscribe();
      }),
    );
  }
}
