import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { toPage, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { absoluteUrl } from '../../platform/http/absolute-url';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { Responds } from '../../platform/openapi/responds.decorator';
import { CurrentPartnerUser, PortalAllow, PortalApi } from '../../platform/portal/auth/portal-api.decorator';
import type { PartnerUserPrincipal } from '../../platform/portal/auth/partner-request';
import {
  overviewQuery,
  portalClaimPageShape,
  portalClaimParam,
  portalClaimShape,
  portalClaimsQuery,
  portalOverviewShape,
  portalPoliciesQuery,
  portalPolicyPageShape,
  portalPolicyParam,
  portalPolicyShape,
} from './portal-business.response';
import { PortalBusinessService } from './portal-business.service';

/** The portal's Policies: the partner's policies of every family in one list; every role reads. */
@PortalApi()
@Controller('portal/api/policies')
export class PortalPoliciesController {
  constructor(
    private readonly business: PortalBusinessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your client's policies, every family",
    description:
      'Newest first, in the paginator envelope. Filters: `family` (motor, tpl, property, travel, medical, life, horse), `status` (pending, active, ' +
      "cancelled, on_hold, expired), `q` (the policy's id, the insurer's policy number or a business reference such as a vehicle's sequence or " +
      'custom number, a VIN or a commercial registration, matched exactly; personal details are not searched, as they are masked); `page`, ' +
      "`per_page`. The insured's name is masked as in the console.",
  })
  @Responds(200, portalPolicyPageShape, 'A page of policies, newest first.')
  @ApiErrors(422)
  async list(
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Query({ schema: portalPoliciesQuery }) q: z.output<typeof portalPoliciesQuery>,
    @Req() req: FastifyRequest,
  ) {
    const { rows, total } = await this.business.policies(user.clientId, q);
    return toPage(rows, total, q, absoluteUrl(this.config.publicBaseUrl, req), { family: q.family, status: q.status, q: q.q, per_page: q.per_page });
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your policies', description: 'By its portal id: the family and the policy id, e.g. `horse-12`.' })
  @Responds(200, portalPolicyShape, 'The policy.')
  @ApiErrors(404)
  show(@CurrentPartnerUser() user: PartnerUserPrincipal, @Param({ schema: portalPolicyParam }) p: z.output<typeof portalPolicyParam>) {
    return this.business.policy(user.clientId, p.id);
  }
}

/** The portal's Claims: the claims on the partner's policies, every family; every role reads. */
@PortalApi()
@Controller('portal/api/claims')
export class PortalClaimsController {
  constructor(
    private readonly business: PortalBusinessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your client's claims",
    description:
      'Newest first, in the paginator envelope. Filters: `family`, `status` (submitted, under_review, approved, rejected, paid); `page`, `per_page`.',
  })
  @Responds(200, portalClaimPageShape, 'A page of claims, newest first.')
  @ApiErrors(422)
  async list(
    @CurrentPartnerUser() user: PartnerUserPrincipal,
    @Query({ schema: portalClaimsQuery }) q: z.output<typeof portalClaimsQuery>,
    @Req() req: FastifyRequest,
  ) {
    const { rows, total } = await this.business.claims(user.clientId, q);
    return toPage(rows, total, q, absoluteUrl(this.config.publicBaseUrl, req), { family: q.family, status: q.status, per_page: q.per_page });
  }

  @Get(':id')
  @PortalAllow('read')
  @ApiOperation({ summary: 'One of your claims, with its status history' })
  @Responds(200, portalClaimShape, 'The claim.')
  @ApiErrors(404)
  show(@CurrentPartnerUser() user: PartnerUserPrincipal, @Param({ schema: portalClaimParam }) p: z.output<typeof portalClaimParam>) {
    return this.business.claim(user.clientId, p.id);
  }
}

/** The portal's overview: premium per month and family, and each insurer's conversion and answer times. */
@PortalApi()
@Controller('portal/api/overview')
export class PortalOverviewController {
  constructor(private readonly business: PortalBusinessService) {}

  @Get()
  @PortalAllow('read')
  @ApiOperation({
    summary: "Your client's business in figures",
    description:
      '`months` (1 to 24, default 12) back from this month, in UTC: the premium of the policies issued each month per family, and for motor comparison ' +
      "each insurer's quote requests, offers, policies and answer times (50th and 95th percentile of the stored time each answer took).",
  })
  @Responds(200, portalOverviewShape, 'The figures.')
  @ApiErrors(422)
  overview(@CurrentPartnerUser() user: PartnerUserPrincipal, @Query({ schema: overviewQuery }) q: z.output<typeof overviewQuery>) {
    return this.business.overview(user.clientId, q);
  }
}
