import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, requestBodySchema, z } from '@lib/common';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { Actor, AdminApi, Allow } from '../../platform/admin/auth/admin-api.decorator';
import type { AuditActor } from '../../platform/admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../platform/admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../platform/admin/list/list-query';
import { listResponse } from '../../platform/admin/list/list-response';
import { WebhookDeliveryRepository } from '../delivery/webhook-delivery.repository';
import { presentDelivery, presentDeliveryWithAttempts } from '../delivery/delivery.presenter';
import { ResendDeliveryUseCase } from '../delivery/resend-delivery.use-case';
import { WEBHOOK_EVENTS } from '../webhook-events';
import {
  ADMIN_DELIVERY_STATUSES,
  adminWebhookDeliveriesResentShape,
  type AdminWebhookDeliveryOut,
  adminWebhookDeliveryShape,
  type AdminWebhookDeliveryWithAttemptsOut,
  adminWebhookDeliveryWithAttemptsShape,
} from './admin-webhooks.response';

/** The one delivery presenter (the partner tools share it) writes the console's shape; event types and statuses are stored through their enums. */
const deliveryOut = (d: Parameters<typeof presentDelivery>[0]): AdminWebhookDeliveryOut => {
  const out = presentDelivery(d);
  return { ...out, event_type: out.event_type as AdminWebhookDeliveryOut['event_type'], status: out.status as AdminWebhookDeliveryOut['status'] };
};
const withAttemptsOut = (found: Parameters<typeof presentDeliveryWithAttempts>[0]): AdminWebhookDeliveryWithAttemptsOut => {
  const out = presentDeliveryWithAttempts(found);
  return {
    ...out,
    ...deliveryOut(found.delivery),
    payload: out.payload as Record<string, unknown>,
    attempts: out.attempts.map((a) => ({ ...a, outcome: a.outcome as AdminWebhookDeliveryWithAttemptsOut['attempts'][number]['outcome'] })),
  };
};

const STATUSES = ADMIN_DELIVERY_STATUSES;
const SORTABLE = ['created_at', 'next_attempt_at', 'status', 'attempt_count', 'id'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    endpoint_id: z.uuid().optional(),
    client_id: z.uuid().optional(),
    status: z.enum(STATUSES, { error: `The status must be one of: ${STATUSES.join(', ')}.` }).optional(),
    event_type: z.enum(WEBHOOK_EVENTS).optional(),
    policy_id: intId.optional(),
  }),
});
const idParam = z.strictObject({ id: z.uuid() });
/** The most deliveries one bulk resend takes: a console page at most. */
const BULK_MAX = 100;
const bulkBody = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'Each id must be a delivery id.' }), { error: 'The ids field must be a list of delivery ids.' })
    .min(1, 'Select at least one delivery.')
    .max(BULK_MAX, `At most ${BULK_MAX} deliveries at once.`),
  reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.'),
});

@AdminApi('webhook-deliveries')
@Controller('admin/api/webhook-deliveries')
export class AdminWebhookDeliveriesController {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly resendDelivery: ResendDeliveryUseCase,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List webhook deliveries', description: `One row per event and endpoint. ${LIST_CONVENTION}` })
  @ApiList('webhook-deliveries', SORTABLE, 'id, endpoint_id, client_id, status (pending, delivered, failed), event_type, policy_id', adminWebhookDeliveryShape)
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^[0-9a-f-]{36}$/i.test(i));
    const [rows, total] = await this.deliveries.adminPage(
      { ids, endpointId: f.endpoint_id, clientId: f.client_id, status: f.status, eventType: f.event_type, policyId: f.policy_id },
      orderBy(q.sort, { created_at: 'createdAt', next_attempt_at: 'nextAttemptAt', attempt_count: 'attempts' }),
      q.skip,
      q.take,
    );
    return listResponse(reply, 'webhook-deliveries', rows.map(deliveryOut), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a webhook delivery with its body and every attempt' })
  @Responds(200, adminWebhookDeliveryWithAttemptsShape, 'The delivery, `payload` (the body sent) and `attempts` (oldest first).')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.deliveries.findWithAttempts(p.id, null);
    if (!found) throw ApiError.notFound(`No webhook delivery with id ${p.id}.`);
    return withAttemptsOut(found);
  }

  @Post('resend')
  @HttpCode(200)
  @Allow('resend')
  @ApiOperation({
    summary: 'Resend several webhook deliveries',
    description:
      `Up to ${BULK_MAX} deliveries (the console's bulk action on failed ones), with the reason, all or none: an unknown id is 404 and a delivery ` +
      'with an attempt in flight 409, each naming it, and then nothing is resent. Each is made due now with its same `webhook-id`, audited with the reason.',
  })
  @ApiBody({ schema: requestBodySchema(bulkBody) })
  @Responds(200, adminWebhookDeliveriesResentShape, 'The deliveries, due now.')
  @ApiErrors(404, 409, 422)
  async resendMany(@Actor() actor: AuditActor, @Body({ schema: bulkBody }) body: z.infer<typeof bulkBody>) {
    return { data: (await this.resendDelivery.executeMany(actor, body.ids, body.reason, null)).map(deliveryOut) };
  }

  @Post(':id/resend')
  @HttpCode(200)
  @Allow('resend')
  @ApiOperation({
    summary: 'Resend a webhook delivery',
    description: 'Makes the delivery due now, with the same `webhook-id` so receivers can recognise a duplicate. Refused (409) while an attempt is in flight.',
  })
  @Responds(200, adminWebhookDeliveryShape, 'The delivery.')
  @ApiErrors(404, 409)
  async resend(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    return deliveryOut(await this.resendDelivery.execute(actor, p.id, null));
  }
}
