import { applyDecorators, Controller, Get, Inject, Param, Post, Query, Req, Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { intId, pageQueryShape, ProductCode, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit, SpecRateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../platform/auth/partner-api.decorator';
import type { Partner } from '../../platform/auth/partner';
import { absoluteUrl } from '../../platform/http/absolute-url';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';
import { DocumentUpload, UploadedDocuments } from '../../platform/files/documents/document-upload.guard';
import { Responds } from '../../platform/openapi/responds.decorator';
import { partnerClaimPageShape } from '../claims/claim.response';
import { ClaimIntakeRoute, RespondsClaim } from './claim-intake.route';
import { ClaimIntakeSpec, ProductClaimIntake } from './product-claim-intake';

interface RouteDoc {
  summary: string;
  description?: string;
  rateLimit?: SpecRateLimit;
}

/** How one product family publishes its claims to partners: everything that differs between families is data here. */
export interface PartnerClaimsRoutes extends ClaimIntakeSpec {
  /** The controller's class name (it names the OpenAPI operations, so it stays what partners' generated clients know). */
  name: string;
  tag: string;
  products: readonly ProductCode[];
  /** Where the family's policies live, e.g. `api/v1/horse/policies`. */
  paths: string | string[];
  /** The path parameter naming the policy, as the family has always published it. */
  policyParam: string;
  example: object;
  create: RouteDoc & { rules: string; claimTypes?: readonly string[] };
  /** Listing a policy's claims; families that never published the route leave it out. */
  list?: RouteDoc;
  show: RouteDoc;
}

const none = (): MethodDecorator => () => undefined;
const rateLimited = (row?: SpecRateLimit): MethodDecorator => (row ? RateLimit(row) : none());
const listQuery = z.strictObject({ ...pageQueryShape });

/**
 * One claims controller for every family, mounted by each family with its own routes, claim types and
 * words: open a claim (multipart, through the claims core), list a policy's claims, show one.
 */
export function partnerClaimsController(routes: PartnerClaimsRoutes): Type {
  const policyParam = z.strictObject({ [routes.policyParam]: intId });
  const claimParam = z.strictObject({ [routes.policyParam]: intId, claim: intId });
  const policyOf = (p: Record<string, number>) => p[routes.policyParam];
  const { list } = routes;
  const listRoute = list
    ? applyDecorators(
        Get(`:${routes.policyParam}/claims`),
        rateLimited(list.rateLimit),
        ApiOperation({ summary: list.summary, description: list.description }),
        Responds(200, partnerClaimPageShape, 'A page of claims.'),
        ApiErrors(404, 422),
      )
    : none();

  @ApiTags(routes.tag)
  @PartnerApi(...routes.products)
  @Controller(routes.paths)
  class PartnerClaimsController {
    constructor(
      private readonly intake: ProductClaimIntake,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
    ) {}

    @Post(`:${routes.policyParam}/claims`)
    @rateLimited(routes.create.rateLimit)
    @ClaimIntakeRoute({
      summary: routes.create.summary,
      claimTypes: routes.create.claimTypes ?? routes.claimTypes,
      rules: routes.create.rules,
      example: routes.example,
    })
    create(@CurrentPartner() partner: Partner, @Param({ schema: policyParam }) p: Record<string, number>, @UploadedDocuments() upload: DocumentUpload) {
      return this.intake.open(routes, partner.clientId, policyOf(p), upload);
    }

    @listRoute
    list(
      @CurrentPartner() partner: Partner,
      @Param({ schema: policyParam }) p: Record<string, number>,
      @Query({ schema: listQuery }) q: z.infer<typeof listQuery>,
      @Req() req: FastifyRequest,
    ) {
      return this.intake.list(routes.family, partner.clientId, policyOf(p), q, absoluteUrl(this.config.publicBaseUrl, req));
    }

    @Get(`:${routes.policyParam}/claims/:claim`)
    @rateLimited(routes.show.rateLimit)
    @ApiOperation({ summary: routes.show.summary, description: routes.show.description })
    @RespondsClaim(200, 'The claim.', routes.example)
    @ApiErrors(404)
    show(@CurrentPartner() partner: Partner, @Param({ schema: claimParam }) p: Record<string, number>) {
      return this.intake.show(routes.family, partner.clientId, policyOf(p), p.claim);
    }
  }

  Object.defineProperty(PartnerClaimsController, 'name', { value: routes.name });
  return PartnerClaimsController;
}
