import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { intId, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { MedicalBilling } from './medical-billing';
import { medicalPaymentDueShape, medicalPaymentLinkShape } from './medical-billing.response';

const companyQuery = z.strictObject({ company_id: intId });

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(MEDICAL_API)
export class MedicalBillingController {
  constructor(private readonly billing: MedicalBilling) {}

  @Get('payment-due')
  @RateLimit('GET /medical/payment-due')
  @ApiOperation({
    summary: 'What the company owes',
    description:
      '`payment` is the sum of the premiums (VAT included, a JSON number in SAR, as the real service\'s `{"payment":1500}`) of the company\'s policies awaiting payment; 0 when none. Rate limit: 120 per minute.',
  })
  @Responds(200, medicalPaymentDueShape, 'The amount due.')
  @ApiErrors(404, 422)
  due(@CurrentPartner() partner: Partner, @Query({ schema: companyQuery }) q: z.infer<typeof companyQuery>) {
    return this.billing.due(partner.clientId, q.company_id);
  }

  @Get('payment-link')
  @RateLimit('GET /medical/payment-link')
  @ApiOperation({
    summary: 'One payment link for everything the company owes',
    description:
      "The link to the hosted payment page for all the company's policies awaiting payment, valid 15 minutes from creation (`expires_at`). Asking again while it is open " +
      'returns the same link (a customer may be paying it); once what is owed changed or the link lapsed, a new link is made and the old one withdrawn (`cancelled`, ' +
      '`status_reason` `replaced`): money paid on it later is refunded in full. ' +
      'On payment every covered policy is issued with its insurer (status 1, `provider_policy_id`). 422 when any employee lacks a health declaration (`details.employees` names them) ' +
      '422 when the employee list changed after a policy was issued (`details.policy_ids`), and 422 when nothing is owed (`details.company_id`). Rate limit: 120 per minute.',
  })
  @Responds(200, medicalPaymentLinkShape, 'The link.')
  @ApiErrors(404, 422)
  link(@CurrentPartner() partner: Partner, @Query({ schema: companyQuery }) q: z.infer<typeof companyQuery>) {
    return this.billing.link(partner.clientId, q.company_id);
  }
}
