import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, formatDateTime, z } from '@lib/common';
import type { AuditLogEntry } from '@lib/db/generated/prisma/client';
import { AuditLogRepository } from './audit-log.repository';
import { AdminApi, Allow } from '../auth/admin-api.decorator';
import { ApiList, LIST_CONVENTION } from '../list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../list/list-query';
import { listResponse } from '../list/list-response';
import { StaffService } from '../staff/staff.service';
import { ApiClientRepository } from '../../clients/api-client.repository';
import { Responds } from '../../openapi/responds.decorator';
import { type AdminAuditEntryOut, adminAuditEntryShape } from './audit-log.response';

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
    /** true: sign-ins and sign-outs too (left out by default, unless an action is asked for). */
    sign_ins: z.boolean({ error: 'The sign_ins filter must be true or false.' }).optional(),
  }),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every staff or client id a record names: who did it, what it was done to, and ids among its before/after values. */
function idsNamedIn(e: AuditLogEntry): string[] {
  const ids = [e.staffId, e.resourceId];
  for (const side of [e.before, e.after])
    if (side && typeof side === 'object' && !Array.isArray(side)) for (const v of Object.values(side)) if (typeof v === 'string') ids.push(v);
  return ids.filter((v): v is string => typeof v === 'string' && UUID.test(v));
}
const idParam = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'The id must be a number.') });

/** What the audit trail writes on each side: an object summary (see AuditTrail.write), or nothing. */
const side = (v: AuditLogEntry['before']) => v as Record<string, unknown> | null;

export function presentAuditEntry(e: AuditLogEntry, names: ReadonlyMap<string, string> = new Map()): AdminAuditEntryOut {
  const named = Object.fromEntries(idsNamedIn(e).flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
  return {
    id: e.id.toString(),
    staff_id: e.staffId,
    partner_user_id: e.partnerUserId,
    staff_email: e.staffEmail,
    staff_name: e.staffId ? (names.get(e.staffId) ?? null) : null,
    /** The name of the staff member or client the record is about, when it is one. */
    resource_name: e.resourceId ? (names.get(e.resourceId) ?? null) : null,
    /** id -> name for every staff or client id the record names (in `resource_id`, `before` or `after`), so none is shown as a bare id. */
    names: named,
    role: e.role,
    action: e.action,
    resource: e.resource,
    resource_id: e.resourceId,
    before: side(e.before),
    after: side(e.after),
    request_id: e.requestId,
    created_at: formatDateTime(e.createdAt),
  };
}

@AdminApi('audit-log')
@Controller('admin/api/audit-log')
export class AuditLogController {
  constructor(
    private readonly auditLog: AuditLogRepository,
    private readonly staff: StaffService,
    private readonly clients: ApiClientRepository,
  ) {}

  /** The names of the staff and clients a page of records names: two reads for the page. */
  private async namesOf(rows: AuditLogEntry[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.flatMap(idsNamedIn))];
    const [staff, clients] = await Promise.all([this.staff.namesOf(ids), this.clients.namesOf(ids)]);
    return new Map([...clients, ...staff]);
  }

  @Get()
  @Allow('read')
  @ApiOperation({
    summary: 'List audit records (admin only)',
    description:
      'Every state-changing staff action, newest first, each with the names of the staff and clients it names. Sign-ins and sign-outs ' +
      `(\`auth.*\`) are left out unless \`filter={"sign_ins":true}\` or an \`action\` is asked for. ${LIST_CONVENTION}`,
  })
  @ApiList('audit-log', SORTABLE, 'id, q (email, action or resource id), staff_id, resource, resource_id, action, sign_ins', adminAuditEntryShape)
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^\d{1,18}$/.test(i));
    const [rows, total] = await this.auditLog.page(
      {
        ids: ids?.map((i) => BigInt(i)),
        staffId: f.staff_id,
        resource: f.resource,
        resourceId: f.resource_id,
        action: f.action,
        q: f.q,
        withoutSignIns: !f.sign_ins && !f.action && !ids,
      },
      orderBy(q.sort, { created_at: 'createdAt', staff_email: 'staffEmail' }),
      q.skip,
      q.take,
    );
    const names = await this.namesOf(rows);
    return listResponse(
      reply,
      'audit-log',
      rows.map((r) => presentAuditEntry(r, names)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show an audit record (admin only)' })
  @Responds(200, adminAuditEntryShape, 'The audit record.')
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.auditLog.find(BigInt(p.id));
    if (!row) throw ApiError.notFound('No audit record with this id.');
    return presentAuditEntry(row, await this.namesOf([row]));
  }
}
