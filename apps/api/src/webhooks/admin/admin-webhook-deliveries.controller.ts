import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, Clock, formatDateTime, formatNullableDateTime, intId, z } from '@lib/common';
import { PrismaService } from '@lib/db';
import type { WebhookDelivery, WebhookDeliveryAttempt } from '@lib/db/generated/prisma/client';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Actor, AdminApi, Allow } from '../../admin/auth/admin-api.decorator';
import { AuditActor, AuditTrail } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { WebhookDeliveryRepository } from '../delivery/webhook-delivery.repository';
import { WEBHOOK_EVENTS } from '../webhook-events';

const STATUSES = ['pending', 'delivered', 'failed'] as const;
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

function presentDelivery(d: WebhookDelivery) {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    client_id: d.clientId,
    event_type: d.eventType,
    policy_id: d.policyId,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: d.status === 'pending' ? formatDateTime(d.nextAttemptAt) : null,
    in_flight: d.lockedUntil !== null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    delivered_at: formatNullableDateTime(d.deliveredAt),
    created_at: formatDateTime(d.createdAt),
    updated_at: formatDateTime(d.updatedAt),
  };
}

function presentAttempt(a: WebhookDeliveryAttempt) {
  return {
    number: a.number,
    outcome: a.outcome,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    response_snippet: a.responseSnippet,
    error: a.error,
    worker: a.worker,
    started_at: formatDateTime(a.startedAt),
    finished_at: formatNullableDateTime(a.finishedAt),
  };
}

@AdminApi('webhook-deliveries')
@Controller('admin/api/webhook-deliveries')
export class AdminWebhookDeliveriesController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List webhook deliveries', description: `One row per event and endpoint. ${LIST_CONVENTION}` })
  @ApiList('webhook-deliveries', SORTABLE, 'id, endpoint_id, client_id, status (pending, delivered, failed), event_type, policy_id')
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^[0-9a-f-]{36}$/i.test(i));
    const where = {
      ...(ids ? { id: { in: ids } } : {}),
      ...(f.endpoint_id ? { endpointId: f.endpoint_id } : {}),
      ...(f.client_id ? { clientId: f.client_id } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.event_type ? { eventType: f.event_type } : {}),
      ...(f.policy_id !== undefined ? { policyId: f.policy_id } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.webhookDelivery.findMany({ where, orderBy: orderBy(q.sort, { created_at: 'createdAt', next_attempt_at: 'nextAttemptAt', attempt_count: 'attempts' }), skip: q.skip, take: q.take }),
      this.prisma.webhookDelivery.count({ where }),
    ]);
    return listResponse(reply, 'webhook-deliveries', rows.map(presentDelivery), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a webhook delivery with its body and every attempt' })
  @ApiOkResponse({ description: 'The delivery, `payload` (the body sent) and `attempts` (oldest first).' })
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const d = await this.prisma.webhookDelivery.findUnique({ where: { id: p.id } });
    if (!d) throw ApiError.notFound(`No webhook delivery with id ${p.id}.`);
    const attempts = await this.prisma.webhookDeliveryAttempt.findMany({ where: { deliveryId: d.id }, orderBy: { number: 'asc' } });
    return { ...presentDelivery(d), payload: JSON.parse(d.body) as unknown, attempts: attempts.map(presentAttempt) };
  }

  @Post(':id/resend')
  @HttpCode(200)
  @Allow('resend')
  @ApiOperation({
    summary: 'Resend a webhook delivery',
    description: 'Makes the delivery due now, with the same `webhook-id` so receivers can recognise a duplicate. Refused (409) while an attempt is in flight.',
  })
  @ApiOkResponse({ description: 'The delivery.' })
  @ApiErrors(404, 409)
  async resend(@Actor() actor: AuditActor, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const d = await this.audit.run(actor, async (tx) => {
      const now = this.clock.now();
      const [before] = await tx.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "webhook_deliveries" WHERE "id" = ${p.id}::uuid FOR UPDATE`;
      const row = before ? await tx.webhookDelivery.findUnique({ where: { id: before.id } }) : null;
      if (!row) throw ApiError.notFound(`No webhook delivery with id ${p.id}.`);
      if (row.lockedUntil && row.lockedUntil > now) throw new ApiError('CONFLICT', 'An attempt of this delivery is in flight; try again when it has finished.');
      const after = await this.deliveries.resend(tx, row.id, now);
      return {
        result: after,
        audit: { action: 'webhook-deliveries.resend', resource: 'webhook-deliveries', resourceId: row.id, before: { status: row.status, attempt_count: row.attempts }, after: { status: after.status } },
      };
    });
    return presentDelivery(d);
  }
}
