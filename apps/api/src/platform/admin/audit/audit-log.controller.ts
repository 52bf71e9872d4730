import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, formatDateTime, z } from '@lib/common';
import type { AuditLogEntry } from '@lib/db/generated/prisma/client';
import { AuditLogRepository } from './audit-log.repository';
import { AdminApi, Allow } from '../auth/admin-api.decorator';
import { ApiList, LIST_CONVENTION } from '../list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../list/list-query';
import { listResponse } from '../list/list-response';

const SORTABLE = ['created_at', 'id', 'action', 'resource', 'staff_email'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    q: z.string().max(255).optional(),
    staff_id: z.uuid().optional(),
    resource: z.string().max(64).optional(),
    resource_id: z.string().max(255).optional(),
    action: z.string().max(64).optional(),
  }),
});
const idParam = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'The id must be a number.') });

export function presentAuditEntry(e: AuditLogEntry) {
  return {
    id: e.id.toString(),
    staff_id: e.staffId,
    partner_user_id: e.partnerUserId,
    staff_email: e.staffEmail,
    role: e.role,
    action: e.action,
    resource: e.resource,
    resource_id: e.resourceId,
    before: e.before,
    after: e.after,
    request_id: e.requestId,
    created_at: formatDateTime(e.createdAt),
  };
}

@AdminApi('audit-log')
@Controller('admin/api/audit-log')
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogRepository) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List audit records (admin only)', description: `Every state-changing staff action, newest first. ${LIST_CONVENTION}` })
  @ApiList('audit-log', SORTABLE, 'id, q (email, action or resource id), staff_id, resource, resource_id, action')
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^\d{1,18}$/.test(i));
    const [rows, total] = await this.auditLog.page(
      { ids: ids?.map((i) => BigInt(i)), staffId: f.staff_id, resource: f.resource, resourceId: f.resource_id, action: f.action, q: f.q },
      orderBy(q.sort, { created_at: 'createdAt', staff_email: 'staffEmail' }),
      q.skip,
      q.take,
    );
    return listResponse(reply, 'audit-log', rows.map(presentAuditEntry), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show an audit record (admin only)' })
  @ApiOkResponse({ description: 'The audit record.' })
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.auditLog.find(BigInt(p.id));
    if (!row) throw ApiError.notFound('No audit record with this id.');
    return presentAuditEntry(row);
  }
}
