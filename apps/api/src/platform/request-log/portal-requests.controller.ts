import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { absoluteUrl } from '../http/absolute-url';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Responds } from '../openapi/responds.decorator';
import { CurrentPartnerUser, PortalAllow, PortalApi } from '../portal/auth/portal-api.decorator';
import type { PartnerUserPrincipal } from '../portal/auth/partner-request';
import { requestLogDetailShape, requestLogPageShape, requestParam, requestsQuery } from './request-log.response';
import { RequestLogReader } from './request-log.service';

/** The portal's Requests: every partner API call of the signed-in user's client; every role reads. */
@PortalApi()
@Controller('portal/api/requests')
export class PortalRequestsController {
  constructor(
    private readonly reader: RequestLogReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your client's API requests",
    description:
      'Newest first. Filters: `request_id` (the `X-Request-Id` of an answer), `status` (e.g. `422`, or `4xx`, `5xx`), `route` (a route template or its ' +
      'beginning, e.g. `/api/v1/motor`), `from` and `to` (ISO 8601 instants, `to` excluded); `page`, `per_page`. Rows appear about a second after ' +
      'the answer and are kept for REQUEST_LOG_RETENTION_DAYS days.',
  })
  @Responds(200, requestLogPageShape, 'A page of requests, newest first, in the paginator envelope.')
  @ApiErrors(422)
  async list(
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Query({ schema: requestsQuery }) q: z.output<typeof requestsQuery>,
    @Req() req: FastifyRequest,
  ) {
    const { rows, total } = await this.reader.list(user.clientId, q);
    return toPage(rows, total, q, absoluteUrl(this.config.publicBaseUrl, req), {
      request_id: q.request_id,
      status: q.status,
      route: q.route,
      from: q.from,
      to: q.to,
      per_page: q.per_page,
    });
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your requests, with what was sent and answered' })
  @Responds(200, requestLogDetailShape, 'The request, with what was sent and answered.')
  @ApiErrors(404)
  show(@CurrentPartnerUser() user: PartnerUserPrincipal, @Param({ schema: requestParam }) p: z.output<typeof requestParam>) {
    return this.reader.show(user.clientId, p.id);
  }
}
