import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { requestBodySchema, z } from '@lib/common';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { testQueuedShape } from '../partner/partner-webhooks.schemas';
import { Actor, AdminApi, Allow } from '../../platform/admin/auth/admin-api.decorator';
import type { AuditActor } from '../../platform/admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../platform/admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../platform/admin/list/list-query';
import { listResponse } from '../../platform/admin/list/list-response';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../webhook-events';
import { presentEndpoint, WebhookEndpointsService } from '../endpoints/webhook-endpoints.service';
import {
  type AdminIssuedWebhookEndpointOut,
  adminIssuedWebhookEndpointShape,
  type AdminWebhookEndpointOut,
  adminWebhookEndpointShape,
} from './admin-webhooks.response';
import { WebhookEndpointRepository } from '../endpoints/webhook-endpoint.repository';

const SORTABLE = ['created_at', 'url', 'active', 'id'] as const;
const event = z.enum(WEBHOOK_EVENTS, { error: `The event must be one of: ${WEBHOOK_EVENTS.join(', ')}.` });
const events = z
  .array(event)
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENTS.length * 2);
const url = z.string().trim().min(1, 'The url is required.').max(2048);
const description = z.string().trim().max(255).nullish();
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ id: idFilter, client_id: z.uuid().optional(), active: z.boolean().optional(), q: z.string().max(255).optional() }),
});
const idParam = z.strictObject({ id: z.uuid() });
const createBody = z.strictObject({ client_id: z.uuid(), url, events: events.default([...DEFAULT_WEBHOOK_EVENTS]), description });
const updateBody = z.strictObject({ url: url.optional(), events: events.optional(), description });
const testBody = z.strictObject({ event: event.default('policy.status_updated') });

/** The one endpoint presenter (the partner tools share it) writes the console's shape. */
const endpointOut = (e: Parameters<typeof presentEndpoint>[0]): AdminWebhookEndpointOut => {
  const out = presentEndpoint(e);
  // stored only through the event enum (the bodies above)
  return { ...out, events: out.events as AdminWebhookEndpointOut['events'] };
};
const issued = (e: Parameters<typeof presentEndpoint>[0], secret: string, staticKey: string): AdminIssuedWebhookEndpointOut => ({
  ...endpointOut(e),
  secret,
  static_key: staticKey,
});

const SECRETS_NOTE =
  '`secret` (`whsec_...`, the HMAC-SHA256 signing secret) and `static_key` (sent in `x-webhook-url` and `x-webhook-key`) are shown once; they are stored encrypted.';

@AdminApi('webhook-endpoints')
@Controller('admin/api/webhook-endpoints')
export class AdminWebhookEndpointsController {
  constructor(
    private readonly service: WebhookEndpointsService,
    private readonly endpoints: WebhookEndpointRepository,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List webhook endpoints', description: LIST_CONVENTION })
  @ApiList('webhook-endpoints', SORTABLE, 'id, client_id, active, q (url)', adminWebhookEndpointShape)
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^[0-9a-f-]{36}$/i.test(i));
    const [rows, total] = await this.endpoints.adminPage(
      { ids, clientId: f.client_id, active: f.active, q: f.q },
      orderBy(q.sort, { created_at: 'createdAt' }),
      q.skip,
      q.take,
    );
    return listResponse(reply, 'webhook-endpoints', rows.map(endpointOut), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a webhook endpoint' })
  @Responds(200, adminWebhookEndpointShape, 'The endpoint (never its secret).')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return endpointOut(await this.service.require(p.id));
  }

  @Post()
  @Allow('create')
  @ApiOperation({
    summary: 'Register a webhook endpoint for a client',
    description: `In production the url must be https and must not resolve to a private, loopback or link-local address (checked again at every delivery); sandbox also accepts http and local addresses. ${SECRETS_NOTE}`,
  })
  @ApiBody({ schema: requestBodySchema(createBody) })
  @Responds(201, adminIssuedWebhookEndpointShape, 'The endpoint with `secret` and `static_key`, shown once.')
  @ApiErrors(422)
  async create(@Actor() actor: AuditActor, @Body({ schema: createBody }) body: z.infer<typeof createBody>) {
    const { endpoint, secret, staticKey } = await this.service.create(actor, body);
    return issued(endpoint, secret, staticKey);
  }

  @Put(':id')
  @Allow('update')
  @ApiOperation({ summary: "Change a webhook endpoint's url, events or description" })
  @ApiBody({ schema: requestBodySchema(updateBody) })
  @Responds(200, adminWebhookEndpointShape, 'The endpoint.')
  @ApiErrors(404, 422)
  async update(
    @Actor() actor: AuditActor,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: updateBody }) body: z.infer<typeof updateBody>,
  ) {
    return endpointOut(await this.service.update(actor, p.id, body));
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Allow('rotate_secret')
  @ApiOperation({ summary: "Rotate a webhook endpoint's secret and static key", description: `Attempts from now on use the new ones. ${SECRETS_NOTE}` })
  @Responds(200, adminIssuedWebhookEndpointShape, 'The endpoint with its new `secret` and `static_key`.')
  @ApiErrors(404)
  async rotate(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const { endpoint, secret, staticKey } = await this.service.rotate(actor, p.id);
    return issued(endpoint, secret, staticKey);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Allow('deactivate')
  @ApiOperation({ summary: 'Disable a webhook endpoint', description: 'No new events are queued for it, and its pending deliveries end as failed.' })
  @Responds(200, adminWebhookEndpointShape, 'The endpoint.')
  @ApiErrors(404)
  async deactivate(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return endpointOut(await this.service.setActive(actor, p.id, false));
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Allow('activate')
  @ApiOperation({ summary: 'Enable a webhook endpoint again' })
  @Responds(200, adminWebhookEndpointShape, 'The endpoint.')
  @ApiErrors(404)
  async activate(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return endpointOut(await this.service.setActive(actor, p.id, true));
  }

  @Post(':id/test')
  @HttpCode(202)
  @Allow('send_test')
  @ApiOperation({
    summary: 'Send a test event to a webhook endpoint',
    description:
      "Queues one delivery of `event` to this endpoint only, carrying the client's latest motor policy as Show Policy returns it (a fictional policy with id 0 when it has none).",
  })
  @ApiBody({ schema: requestBodySchema(testBody) })
  @Responds(202, testQueuedShape, 'The queued delivery.')
  @ApiErrors(404, 409, 422)
  async test(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Body({ schema: testBody }) body: z.infer<typeof testBody>) {
    return this.service.sendTest(actor, p.id, body.event);
  }
}
