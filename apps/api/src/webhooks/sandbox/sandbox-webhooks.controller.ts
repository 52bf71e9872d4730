import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { requestBodySchema, toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { CurrentPartner, PartnerApi } from '../../platform/auth/partner-api.decorator';
import type { Partner } from '../../platform/auth/partner';
import { absoluteUrl } from '../../platform/http/absolute-url';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { clientActor, PartnerScope, PartnerWebhooks } from '../partner/partner-webhooks.service';
import {
  changeEndpointBody as updateBody,
  createEndpointBody as createBody,
  deliveriesQuery,
  deliveryPageShape,
  deliveryParam,
  deliveryShape,
  deliveryWithAttemptsShape,
  endpointListShape,
  endpointParam as idParam,
  endpointShape,
  issuedEndpointShape,
  testEventBody as testBody,
  testQueuedShape,
} from '../partner/partner-webhooks.schemas';

/** A bearer token names a client: its changes are audited as the client itself. */
const scope = (partner: Partner): PartnerScope => ({ clientId: partner.clientId, actor: clientActor(partner.clientId) });

/**
 * Sandbox only: a partner registers and tests its own webhook endpoints, and sees and replays its deliveries,
 * with the same rules as the console (URL safety, signing, every attempt recorded, audited as the client).
 */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/webhook-endpoints')
export class SandboxWebhooksController {
  constructor(private readonly webhooks: PartnerWebhooks) {}

  @Get()
  @ApiOperation({ summary: 'Your webhook endpoints (sandbox only)', description: 'Newest first, never their secrets.' })
  @Responds(200, endpointListShape, 'Your endpoints.')
  list(@CurrentPartner() partner: Partner) {
    return this.webhooks.list(scope(partner));
  }

  @Post()
  @ApiOperation({
    summary: 'Register a webhook endpoint (sandbox only)',
    description:
      '`url`, `events` (`policy.status_updated`, `policy.documents_updated`, `payment.expired`; default the first two), optional `description`. The answer shows the signing `secret` (`whsec_...`) and `static_key` ' +
      '(sent in `x-webhook-url` / `x-webhook-key`) once. The url must be http(s) and may not point at a private, loopback, link-local or metadata address, as in production ' +
      '(loopback only where the service is configured to allow it); checked again against the resolved address at every delivery, and redirects are not followed.',
  })
  @ApiBody({ schema: requestBodySchema(createBody) })
  @Responds(201, issuedEndpointShape, 'The endpoint with its signing secret and static key, shown once.')
  @ApiErrors(422)
  create(@CurrentPartner() partner: Partner, @Body({ schema: createBody }) body: z.infer<typeof createBody>) {
    return this.webhooks.create(scope(partner), body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show one of your webhook endpoints (sandbox only)' })
  @Responds(200, endpointShape, 'The endpoint.')
  @ApiErrors(404)
  show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.webhooks.show(scope(partner), p.id);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Change a webhook endpoint (sandbox only)',
    description: '`url`, `events`, `description`, and `active` (false disables it: no new events, its pending deliveries end as failed).',
  })
  @ApiBody({ schema: requestBodySchema(updateBody) })
  @Responds(200, endpointShape, 'The endpoint.')
  @ApiErrors(404, 422)
  update(
    @CurrentPartner() partner: Partner,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: updateBody }) body: z.infer<typeof updateBody>,
  ) {
    return this.webhooks.change(scope(partner), p.id, body);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Rotate a webhook endpoint's secret (sandbox only)",
    description: 'Attempts from now on are signed with the new secret and carry the new static key, shown once here.',
  })
  @Responds(200, issuedEndpointShape, 'The endpoint with its new signing secret and static key.')
  @ApiErrors(404)
  rotate(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return this.webhooks.rotate(scope(partner), p.id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a test event (sandbox only)',
    description: 'Queues one signed delivery of `event` to this endpoint only, carrying your latest policy as Show Policy returns it.',
  })
  @ApiBody({ schema: requestBodySchema(testBody) })
  @Responds(202, testQueuedShape, 'The queued delivery.')
  @ApiErrors(404, 409, 422)
  test(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body({ schema: testBody }) body: z.infer<typeof testBody>) {
    return this.webhooks.sendTest(scope(partner), p.id, body.event);
  }
}

/** Sandbox only: your webhook deliveries, each with every attempt, and replay. */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/webhook-deliveries')
export class SandboxWebhookDeliveriesController {
  constructor(
    private readonly webhooks: PartnerWebhooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Your webhook deliveries (sandbox only)',
    description: 'Newest first, in the paginator envelope; filters `endpoint_id`, `status` (pending, delivered, failed).',
  })
  @Responds(200, deliveryPageShape, 'A page of your deliveries, newest first.')
  @ApiErrors(404, 422)
  async list(@CurrentPartner() partner: Partner, @Query({ schema: deliveriesQuery }) q: z.infer<typeof deliveriesQuery>, @Req() req: FastifyRequest) {
    const { rows, total } = await this.webhooks.deliveries(scope(partner), { endpointId: q.endpoint_id, status: q.status }, q);
    return toPage(rows, total, q, absoluteUrl(this.config.publicBaseUrl, req), { endpoint_id: q.endpoint_id, status: q.status, per_page: q.per_page });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of your deliveries with its body and every attempt (sandbox only)' })
  @Responds(200, deliveryWithAttemptsShape, 'The delivery with its body and every attempt.')
  @ApiErrors(404)
  show(@CurrentPartner() partner: Partner, @Param({ schema: deliveryParam }) p: z.infer<typeof deliveryParam>) {
    return this.webhooks.delivery(scope(partner), p.id);
  }

  @Post(':id/replay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replay a delivery (sandbox only)',
    description: 'Makes it due now with the same `webhook-id` (deduplicate on it). 409 while an attempt is in flight.',
  })
  @Responds(200, deliveryShape, 'The delivery, pending again.')
  @ApiErrors(404, 409)
  replay(@CurrentPartner() partner: Partner, @Param({ schema: deliveryParam }) p: z.infer<typeof deliveryParam>) {
    return this.webhooks.replay(scope(partner), p.id);
  }
}
