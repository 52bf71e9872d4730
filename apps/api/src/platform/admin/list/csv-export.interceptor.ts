import { Readable } from 'node:stream';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lastValueFrom, Observable, of } from 'rxjs';
import { ApiError, CSV_BOM, csvField, csvValue } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { StaffFileUrlsInterceptor } from '../auth/staff-file-urls.interceptor';
import { MAX_RANGE } from './list-query';

type Row = Record<string, unknown>;

/**
 * `?format=csv` on any admin list: every row the filter matches, in the list's sort, as the role sees it
 * (the list route itself is run page after page, so its checks and masking apply), streamed as the pages
 * are read: memory holds one page whatever the size. Columns are the first row's fields.
 */
@Injectable()
export class CsvExportInterceptor implements NestInterceptor {
  private readonly fileUrls: StaffFileUrlsInterceptor;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.fileUrls = new StaffFileUrlsInterceptor(config);
  }

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const query = req.query as Record<string, unknown>;
    if (query.format === undefined) return next.handle();
    if (query.format !== 'csv') throw ApiError.field('format', 'The format must be csv.');
    delete query.format;
    const reply = http.getResponse<FastifyReply>();
    const page = async (first: number) => {
      query.range = JSON.stringify([first, first + MAX_RANGE - 1]);
      // file links as the JSON answer gives them to staff
      return this.fileUrls.rewrite(await lastValueFrom(next.handle())) as Row[];
    };
    // the first page is read before answering: a bad filter or sort is still a 422, not a broken download
    const firstPage = await page(0);
    const columns = Object.keys(firstPage[0] ?? {});
    const line = (cells: string[]) => `${cells.join(',')}\r\n`;
    async function* csv() {
      yield CSV_BOM + line(columns.map((c) => csvField(c)));
      let rows = firstPage;
      for (let first = 0; ;) {
        yield rows.map((r) => line(columns.map((c) => csvValue(r[c])))).join('');
        if (rows.length < MAX_RANGE) return;
        first += MAX_RANGE;
        rows = await page(first);
      }
    }
    reply.removeHeader('Content-Range');
    const resource = req.url.split('?')[0].split('/').pop() ?? 'export';
    return of(new StreamableFile(Readable.from(csv()), { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${resource}.csv"` }));
  }
}
