import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, z } from '@lib/common';
import type { MedicalPolicy } from '@lib/db/generated/prisma/client';
import { ClaimRepository } from '../../claims/claim.repository';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';
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
  constructor(
    private readonly policies: MedicalPolicyRepository,
    private readonly claims: ClaimRepository,
  ) {}

  /** Each policy with its claims: one claims statement for the whole page. */
  private async withClaims(rows: MedicalPolicy[]) {
    const claims = await this.claims.summariesOf('medical', rows.map((r) => r.id));
    return rows.map((p) => ({
      ...presentMedicalPolicy(p),
      client_id: p.clientId,
      claims: claims.filter((c) => c.policyId === p.id).map((c) => ({ id: c.id, status: c.status, claim_type: c.claimType, requested_amount: c.requestedAmount.toFixed(2), created_at: c.createdAt.toISOString() })),
    }));
  }

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List medical policies', description: `Every client's (withdrawn ones left out). ${LIST_CONVENTION}` })
  @ApiList('medical-policies', SORTABLE, 'id, status, company_id, client_id')
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const [rows, total] = await this.policies.adminPage({ ids, status: f.status, companyId: f.company_id, clientId: f.client_id }, orderBy(q.sort, { created_at: 'createdAt' }), q.skip, q.take);
    return listResponse(reply, 'medical-policies', await this.withClaims(rows), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a medical policy', description: 'With its claims.' })
  @ApiOkResponse({ description: 'The policy.' })
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const policy = await this.policies.findLive(p.id);
    if (!policy) throw ApiError.notFound(`No medical policy with id ${p.id}.`);
    return (await this.withClaims([policy]))[0];
  }
}
