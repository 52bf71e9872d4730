import { Body, Controller, Delete, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { RequestHeader } from '../../../platform/http/request-header.decorator';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  Clock,
  DATE_RANGE_ORDER,
  dateRangeInOrder,
  dateRangeShape,
  dayBounds,
  formatDate,
  includeAggregatesField,
  intId,
  LARGE_LIST_TOTAL_NOTE,
  messageShape,
  pageQueryShape,
  pageSkip,
  requestBodySchema,
  toPage,
  z,
} from '@lib/common';
import { personIdField } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds, serializeWith, shapeRef } from '../../../platform/openapi/responds.decorator';
import { MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { presentQuoteRequest } from './quote-request.presenter';
import { QuoteRequestRepository } from './quote-request.repository';
import { quoteRequestDocSchema } from './quote-request.schema';
import { motorQuoteRequestPageShape, motorQuoteRequestShape, type MotorQuoteRequestOut } from './quote-request.response';
import { RequestQuotesUseCase } from './request-quotes.use-case';
import { RequestQuotesAsyncUseCase } from './request-quotes-async.use-case';
import { StreamQuoteEventsUseCase } from './stream-quote-events.use-case';
import { ShowQuoteRequestUseCase } from './show-quote-request.use-case';
import { presentQuoteRequestProgress } from './quote-progress.presenter';
import { prefersAsync } from './prefer-header';
import { sendEventStream } from './quote-events.sse';
import { ASYNC_DESCRIPTION, EVENTS_DESCRIPTION, PROGRESS_FIELDS_DESCRIPTION } from './quote-progress.docs';

const listQuery = z
  .strictObject({ ...pageQueryShape, owner_id: personIdField('owner id').optional(), ...dateRangeShape, include_aggregates: includeAggregatesField })
  .refine(dateRangeInOrder, DATE_RANGE_ORDER);
const idParam = z.strictObject({ id: intId });

// the real service's answer, word for word: partners' clients may compare the message
const QUOTE_DELETED = { message: 'Quote deleted successfully.' } as const;

const notFound = () => ApiError.notFound('No quote request with this id.');

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp/quote-requests')
export class QuoteRequestsController {
  constructor(
    private readonly requestQuotes: RequestQuotesUseCase,
    private readonly requestQuotesAsync: RequestQuotesAsyncUseCase,
    private readonly streamEvents: StreamQuoteEventsUseCase,
    private readonly repo: QuoteRequestRepository,
    private readonly showRequest: ShowQuoteRequestUseCase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Request quotes from every insurer',
    description:
      'Checks the quote OTP, then asks every insurer in parallel and returns their offers (comprehensive and TPL together). ' +
      'Allow at least 2 minutes for the call. `quotes` is empty when no insurer priced the vehicle and drivers; 502 only when every insurer failed. ' +
      'Rules: `owner_id` 10 digits starting 1 (national id: `birthdate` is Hijri, Umm al-Qura) or 2 (iqama: Gregorian); `phone` 05 + 8 digits; ' +
      '`car_sequence_number` (8 or 9 digits) or `custom_number` (6 to 10 digits; a changelog gives 1000000..9999999999) with `maker_code`, `model_code` (of that maker) and `body_type_code` from the lookups, never both; ' +
      '`current_car_owner_id` required when `is_ownership_transfer`; `car_model_year` 1950..next year (default this year); `start_date` after today and before 28 days from today; ' +
      '`drivers` with `driving_percentage` in 25/50/75/100 summing to 100, the owner among them. The email must not belong to another customer. ' +
      'Id-like fields may be sent as strings or JSON integers. `Accept-Language: ar` asks insurers for Arabic content. ' +
      'From the first insurer that quotes or declines, the request is stored and listed (in progress), holding the offers answered so far, until the call answers. ' +
      'With `Prefer: respond-async` the call answers 202 at once and the offers arrive as each insurer answers: follow them on `GET /quote-requests/{id}/events` ' +
      '(server-sent events) or `GET /quote-requests/{id}`.',
  })
  @ApiHeader({ name: 'Accept-Language', required: false, description: '`ar` for Arabic-localised quote content.' })
  @ApiHeader({ name: 'Prefer', required: false, description: '`respond-async`: answer 202 at once and let the insurers answer in the background (see below).' })
  @ApiBody({ schema: requestBodySchema(quoteRequestDocSchema) })
  @Responds(201, motorQuoteRequestShape, 'The quote request object (without `Prefer: respond-async`), without `status` and `insurers`.')
  // Responds' own ApiResponse would drop the headers: the same shape, documented here with them
  @ApiResponse({
    status: 202,
    description: ASYNC_DESCRIPTION,
    headers: {
      'Preference-Applied': { description: '`respond-async`', schema: { type: 'string' } },
      Location: { description: 'The quote request: `GET` it for the offers so far, or follow `/events`.', schema: { type: 'string', format: 'uri' } },
    },
    schema: shapeRef(motorQuoteRequestShape),
  })
  @serializeWith(202, motorQuoteRequestShape)
  @ApiErrors(422, 502)
  async create(
    @CurrentPartner() partner: Partner,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
    @RequestHeader('accept-language') language?: string,
    @RequestHeader('prefer') prefer?: string,
  ) {
    const locale = /^ar\b/i.test(language ?? '') ? 'ar' : 'en';
    const cmd = { clientId: partner.clientId, body, locale } as const;
    // answered here, not by Nest, because the status depends on the Prefer header (201, or 202)
    if (!prefersAsync(prefer)) {
      const created = await this.requestQuotes.execute(cmd);
      reply.status(201).send(created);
      return created;
    }
    const accepted = await this.requestQuotesAsync.execute(cmd);
    const location = `${absoluteUrl(this.config.publicBaseUrl, req).replace(/\/+$/, '')}/${accepted.id}`;
    reply.status(202).header('Preference-Applied', 'respond-async').header('Location', location).send(accepted);
    return accepted;
  }

  @Get()
  @ApiOperation({
    summary: 'List quote requests',
    description:
      "The calling client's quote requests, newest first, in the paginator envelope. Filters: `owner_id`, `date_from` and `date_to` (YYYY-MM-DD, inclusive, " +
      'on `created_at` in UTC). `include_aggregates=true` adds `aggregates`: `{total_count, by_month: {"YYYY-MM": count}}` over every request the filters match.' +
      LARGE_LIST_TOTAL_NOTE,
  })
  @Responds(200, motorQuoteRequestPageShape, 'A page of quote request objects (without `status` and `insurers`).')
  @ApiErrors(422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Req() req: FastifyRequest) {
    const filter = { ownerId: q.owner_id, ...dayBounds(q) };
    const [rows, total] = await this.repo.page(partner.clientId, filter, pageSkip(q), q.per_page);
    const page = toPage<MotorQuoteRequestOut>(
      rows.map((r) => presentQuoteRequest(r, r.quotes)),
      total,
      q,
      absoluteUrl(this.config.publicBaseUrl, req),
      {
        owner_id: q.owner_id,
        date_from: q.date_from && formatDate(q.date_from),
        date_to: q.date_to && formatDate(q.date_to),
        include_aggregates: q.include_aggregates || undefined,
        per_page: q.per_page,
      },
    );
    return q.include_aggregates ? { ...page, aggregates: await this.repo.aggregates(partner.clientId, filter) } : page;
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a quote request', description: PROGRESS_FIELDS_DESCRIPTION })
  @Responds(200, motorQuoteRequestShape, 'The quote request object, with `status` and `insurers`.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.showRequest.execute(partner.clientId, p.id);
    if (!row) throw notFound();
    return presentQuoteRequestProgress(row, row.quotes);
  }

  @Get(':id/events')
  @ApiOperation({ summary: 'Follow a quote request: offers as each insurer answers (server-sent events)', description: EVENTS_DESCRIPTION })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The `id` of the last `insurer` event received: only later answers are sent.' })
  @ApiOkResponse({
    description: 'A `text/event-stream` of `insurer` events, then one `complete` event; then the stream ends.',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors(404)
  async events(
    @CurrentPartner() partner: Partner,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Res() reply: FastifyReply,
    @RequestHeader('last-event-id') lastEventId?: string,
  ) {
    await this.streamEvents.assertVisible(partner.clientId, p.id);
    return sendEventStream(reply, (send, signal) => this.streamEvents.run(p.id, lastEventId, send, signal));
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a quote request',
    description: 'Answers 200 with a message, as the real service does; afterwards the quote request reads as 404 and its offers can no longer be issued.',
  })
  @Responds(200, messageShape, 'Deleted.')
  @ApiErrors(404)
  async remove(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>): Promise<typeof QUOTE_DELETED> {
    if (!(await this.repo.softDelete(partner.clientId, p.id, this.clock.now()))) throw notFound();
    return QUOTE_DELETED;
  }
}
