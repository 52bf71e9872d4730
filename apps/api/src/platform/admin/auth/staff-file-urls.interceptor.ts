import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@lib/config';

/**
 * Stored files are private: partners fetch `/files/<name>` with their bearer token, staff through
 * `/admin/api/files/<name>` with their session cookie (scoped to /admin). Admin answers carry the same
 * URLs the partner API stores, so they are rewritten here to the staff route, in one place.
 */
@Injectable()
export class StaffFileUrlsInterceptor implements NestInterceptor {
  private readonly from: string;
  private readonly to: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.from = `${config.publicBaseUrl}/files/`;
    this.to = `${config.publicBaseUrl}/admin/api/files/`;
  }

  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((body: unknown) => this.rewrite(body)));
  }

  /** Also used by the CSV export, whose rows never pass through intercept as JSON. */
  rewrite(value: unknown): unknown {
    if (typeof value === 'string') return value.startsWith(this.from) ? this.to + value.slice(this.from.length) : value;
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v));
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.rewrite(v)]));
    }
    return value;
  }
}
