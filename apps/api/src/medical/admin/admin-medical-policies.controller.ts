import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import { PrismaService } from '@lib/db';
import { AdminApi, Allow } from '../../admin/auth/admin-api.decorator';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { presentMedicalPolicy } from '../policies/medical-policy.presenter';

const SORTABLE = ['id', 'created_at', 'status', 'price'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ id: idFilter, status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(), company_id: intId.optional(), client_id: z.uuid().optional() }),
});
const idParam = z.strictObject({ id: intId });

@AdminApi('medical-policies')
@Controller('admin/api/medical-policies')
export class AdminMedicalPoliciesController {
  constructor(private readonly prisma: PrismaService) {}

  private async withClaims(p: Parameters<typeof presentMedicalPolicy>[0]) {
    const claims = await this.prisma.claim.findMany({ where: { productFamily: 'medical', policyId: p.id }, orderBy: { id: 'desc' }, select: { id: true, status: true, claimType: true, requestedAmount: true, createdAt: true } });
    return { ...presentMedicalPolicy(p), client_id: p.clientId, claims: claims.map((c) => ({ id: c.id, status: c.status, claim_type: c.claimType, requested_amount: c.requestedAmount.toFixed(2), created_at: c.createdAt.toISOString() })) };
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List medical policies', description: `Every client's (withdrawn ones left out). ${LIST_CONVENTION}` })
  @ApiList('medical-policies', SORTABLE, 'id, status, company_id, client_id')
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const where = { deletedAt: null, ...(ids ? { id: { in: ids } } : {}), ...(f.status !== undefined ? { status: f.status } : {}), ...(f.company_id ? { companyId: f.company_id } : {}), ...(f.client_id ? { clientId: f.client_id } : {}) };
    const [rows, total] = await this.prisma.$transaction([
      this.prisma.medicalPolicy.findMany({ where, orderBy: orderBy(q.sort, { created_at: 'createdAt' }) as never, skip: q.skip, take: q.take }),
      this.prisma.medicalPolicy.count({ where }),
    ]);
    return listResponse(reply, 'medical-policies', await Promise.all(rows.map((r) => this.withClaims(r))), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a medical policy', description: 'With its claims.' })
  @ApiOkResponse({ description: 'The policy.' })
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const policy = await this.prisma.medicalPolicy.findFirst({ where: { id: p.id, deletedAt: null } });
    if (!policy) throw ApiError.notFound(`No medical policy with id ${p.id}.`);
    return this.withClaims(policy);
  }
}
