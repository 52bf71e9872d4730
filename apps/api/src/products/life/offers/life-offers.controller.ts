import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { LIFE_PRODUCTS } from '../life-products';
import { LifeOfferRequest, lifeOfferRequestSchema } from './life-offer.schema';
import { lifeOfferListShape } from './life-offer.response';
import { RequestLifeOffersUseCase } from './request-life-offers.use-case';

@ApiTags('Life savings and protection')
@PartnerApi(...LIFE_PRODUCTS)
@Controller('api/v1/life-snp/offers')
export class LifeOffersController {
  constructor(private readonly requestOffers: RequestLifeOffersUseCase) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Offers from several life insurers for a bank customer',
    description:
      'Asks every sandbox life insurer in parallel. `applicant_id` follows the motor id rule (10 digits, 1 = national id, 2 = iqama; the real service only asked for 10 digits). ' +
      'The applicant is 18–65 on the day of the request (from `date_of_birth`); `policy_term_years` 5–40; exactly one of `sum_assured` (≥ 10000 SAR), ' +
      "`monthly_contribution` (≥ 50 SAR a month) or the real service's `target_premium` (≥ 50 SAR per `premium_frequency` instalment). Optional `riders` " +
      '{accidental_death, critical_illness, total_permanent_disability, waiver_of_premium} (booleans) choose the riders the insurers price; without it ' +
      'offers carry the standard critical illness and total permanent disability riders. `height_cm`, `weight_kg`, `occupation_class`, `annual_income_sar`, ' +
      '`distribution_channel` and `extra_fields` are recorded with each offer (`applicant_details`; the sandbox insurers do not price them). ' +
      'Each offer has the instalment `premium` for the chosen `premium_frequency`, `riders_included`, the benefits (death, critical illness, disability, ' +
      "and accidental death with that rider), `maturity_benefit`, `notes`, savings projected at the insurer's stated `assumed_growth_rate_percent` " +
      '(an assumption, not a guarantee; values every 5 years and at maturity) and `valid_until`, after which it cannot be issued. ' +
      'An insurer that declines (e.g. the plan would mature past its age limit) or fails is left out; 502 when none answered. The answer is a plain array, cheapest premium first.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        applicant_id: '1012345678',
        date_of_birth: '1990-06-15',
        gender: 'male',
        smoker: false,
        policy_term_years: 20,
        premium_frequency: 'monthly',
        sum_assured: 300000,
      },
    },
  })
  @Responds(200, lifeOfferListShape, 'The offers, cheapest premium first.')
  @ApiErrors(422, 502)
  create(@CurrentPartner() partner: Partner, @Body({ schema: lifeOfferRequestSchema }) body: LifeOfferRequest) {
    return this.requestOffers.execute(partner.clientId, body);
  }
}
