import { Body, Controller, createParamDecorator, ExecutionContext, Get, Header, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { requestBodySchema, toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { absoluteUrl } from '../../platform/http/absolute-url';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { PortalAllow, PortalApi } from '../../platform/portal/auth/portal-api.decorator';
import { partnerActor, PortalRequest } from '../../platform/portal/auth/partner-request';
import { PartnerScope, PartnerWebhooks } from '../partner/partner-webhooks.service';
import {
  changeEndpointBody,
  createEndpointBody,
  deliveriesQuery,
  deliveriesReplayedShape,
  deliveryPageShape,
  deliveryParam,
  deliveryShape,
  deliveryWithAttemptsShape,
  endpointListShape,
  endpointParam,
  endpointShape,
  issuedEndpointShape,
  REPLAY_MAX,
  replayManyBody,
  testEventBody,
  testQueuedShape,
} from '../partner/partner-webhooks.schemas';

/** The signed-in partner user's client, and the user as the audit actor (PortalAuthGuard has run: PortalApi). */
const Scope = createParamDecorator((_: unknown, ctx: ExecutionContext): PartnerScope => {
  const req = ctx.switchToHttp().getRequest<PortalRequest>();
  if (!req.partnerUser) throw new Error('used on a route without PortalApi');
  return { clientId: req.partnerUser.clientId, actor: partnerActor(req.partnerUser, String(req.id)) };
});

const URL_RULE =
  'The url must be https (http too in the sandbox) and may not point at a private, loopback, link-local or metadata address; it is checked again ' +
  'against the resolved address at every delivery, and redirects are not followed.';

/**
 * The portal's Webhooks area: the partner's own endpoints and deliveries, in production as in the sandbox, through
 * the same use cases as the sandbox API (PartnerWebhooks). Every role reads; owners and developers change
 * (`manage_webhooks`); each change is audited as the partner user. Another partner's endpoint or delivery is 404.
 */
@PortalApi()
@Controller('portal/api/webhook-endpoints')
export class PortalWebhookEndpointsController {
  constructor(private readonly webhooks: PartnerWebhooks) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({ summary: "Your partner's webhook endpoints", description: 'Newest first, never their secrets.' })
  @Responds(200, endpointListShape, 'The endpoints.')
  list(@Scope() scope: PartnerScope) {
    return this.webhooks.list(scope);
  }

  @Post()
  @PortalAllow('manage_webhooks')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Register a webhook endpoint (owner, developer)',
    description: `\`url\`, \`events\` (default \`policy.status_updated\` and \`policy.documents_updated\`), optional \`description\`. ${URL_RULE} The signing \`secret\` and \`static_key\` are shown once.`,
  })
  @ApiBody({ schema: requestBodySchema(createEndpointBody) })
  @Responds(201, issuedEndpointShape, 'The endpoint with its signing secret and static key, shown once.')
  @ApiErrors(422)
  create(@Scope() scope: PartnerScope, @Body({ schema: createEndpointBody }) body: z.infer<typeof createEndpointBody>) {
    return this.webhooks.create(scope, body);
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your webhook endpoints' })
  @Responds(200, endpointShape, 'The endpoint.')
  @ApiErrors(404)
  show(@Scope() scope: PartnerScope, @Param({ schema: endpointParam }) p: z.infer<typeof endpointParam>) {
    return this.webhooks.show(scope, p.id);
  }

  @Put(':id')
  @PortalAllow('manage_webhooks')
  @ApiOperation({
    summary: 'Change, disable or enable a webhook endpoint (owner, developer)',
    description: `\`url\`, \`events\`, \`description\`; \`active: false\` disables it (no new events, its pending deliveries end as failed), \`true\` enables it again. ${URL_RULE}`,
  })
  @ApiBody({ schema: requestBodySchema(changeEndpointBody) })
  @Responds(200, endpointShape, 'The endpoint.')
  @ApiErrors(404, 422)
  change(
    @Scope() scope: PartnerScope,
    @Param({ schema: endpointParam }) p: z.infer<typeof endpointParam>,
    @Body({ schema: changeEndpointBody }) body: z.infer<typeof changeEndpointBody>,
  ) {
    return this.webhooks.change(scope, p.id, body);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @PortalAllow('manage_webhooks')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Rotate a webhook endpoint's signing secret (owner, developer)",
    description: 'Attempts from now on are signed with the new secret and carry the new static key, both shown once here.',
  })
  @Responds(200, issuedEndpointShape, 'The endpoint with its new signing secret and static key.')
  @ApiErrors(404)
  rotate(@Scope() scope: PartnerScope, @Param({ schema: endpointParam }) p: z.infer<typeof endpointParam>) {
    return this.webhooks.rotate(scope, p.id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @PortalAllow('manage_webhooks')
  @ApiOperation({
    summary: 'Send a test event (owner, developer)',
    description:
      'Queues one signed delivery of `event` (default `policy.status_updated`) to this endpoint only, carrying your latest policy as Show Policy returns it (a fictional one with id 0 when you have none). 409 when the endpoint is disabled.',
  })
  @ApiBody({ schema: requestBodySchema(testEventBody) })
  @Responds(202, testQueuedShape, 'The queued delivery.')
  @ApiErrors(404, 409, 422)
  test(
    @Scope() scope: PartnerScope,
    @Param({ schema: endpointParam }) p: z.infer<typeof endpointParam>,
    @Body({ schema: testEventBody }) body: z.infer<typeof testEventBody>,
  ) {
    return this.webhooks.sendTest(scope, p.id, body.event);
  }
}

/** The partner's webhook deliveries, each with every attempt, and replay. */
@PortalApi()
@Controller('portal/api/webhook-deliveries')
export class PortalWebhookDeliveriesController {
  constructor(
    private readonly webhooks: PartnerWebhooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your partner's webhook deliveries",
    description: 'Newest first; filters `endpoint_id`, `status` (pending, delivered, failed); `page`, `per_page`.',
  })
  @Responds(200, deliveryPageShape, 'A page of deliveries, newest first, in the paginator envelope.')
  @ApiErrors(404, 422)
  async list(@Scope() scope: PartnerScope, @Query({ schema: deliveriesQuery }) q: z.infer<typeof deliveriesQuery>, @Req() req: FastifyRequest) {
    const { rows, total } = await this.webhooks.deliveries(scope, { endpointId: q.endpoint_id, status: q.status }, q);
    return toPage(rows, total, q, absoluteUrl(this.config.publicBaseUrl, req), { endpoint_id: q.endpoint_id, status: q.status, per_page: q.per_page });
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your deliveries with its body and every attempt (status, time taken, the first 1 KB of the answer)' })
  @Responds(200, deliveryWithAttemptsShape, 'The delivery with its body and every attempt.')
  @ApiErrors(404)
  show(@Scope() scope: PartnerScope, @Param({ schema: deliveryParam }) p: z.infer<typeof deliveryParam>) {
    return this.webhooks.delivery(scope, p.id);
  }

  @Post('replay')
  @HttpCode(200)
  @PortalAllow('manage_webhooks')
  @ApiOperation({
    summary: 'Replay several deliveries at once (owner, developer)',
    description:
      `Up to ${REPLAY_MAX} of your deliveries (the list's bulk action, e.g. every failed one after an outage of your receiver), all or none: ` +
      'an id that is not one of your deliveries is 404 and a delivery with an attempt in flight 409, each naming it, and then nothing is replayed. ' +
      'Each is made due now with its same `webhook-id`, and audited.',
  })
  @ApiBody({ schema: requestBodySchema(replayManyBody) })
  @Responds(200, deliveriesReplayedShape, 'The deliveries, pending again.')
  @ApiErrors(404, 409, 422)
  async replayMany(@Scope() scope: PartnerScope, @Body({ schema: replayManyBody }) body: z.infer<typeof replayManyBody>) {
    return { data: await this.webhooks.replayMany(scope, body.ids) };
  }

  @Post(':id/replay')
  @HttpCode(200)
  @PortalAllow('manage_webhooks')
  @ApiOperation({
    summary: 'Replay a delivery (owner, developer)',
    description: 'Makes it due now with the same `webhook-id` (receivers deduplicate on it). 409 while an attempt is in flight.',
  })
  @Responds(200, deliveryShape, 'The delivery, pending again.')
  @ApiErrors(404, 409)
  replay(@Scope() scope: PartnerScope, @Param({ schema: deliveryParam }) p: z.infer<typeof deliveryParam>) {
    return this.webhooks.replay(scope, p.id);
  }
}
