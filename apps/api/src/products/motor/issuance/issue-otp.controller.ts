import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { emailField, intId, z } from '@lib/common';
import { personIdField, saudiIbanField, saudiMobileField } from '@lib/common/saudi';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { SendIssueOtpUseCase } from './send-issue-otp.use-case';

export const issueOtpSchema = z.strictObject({
  quote_request_id: intId,
  quote_reference_id: z.uuid(),
  quote_price_id: z.uuid(),
  owner_id: personIdField('owner id'),
  email: emailField,
  phone: saudiMobileField('phone'),
  iban: saudiIbanField('iban'),
});

/** The OTP subject of a selection (kept here for existing importers). */
export { issueSubject } from './send-issue-otp.use-case';

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp')
export class IssueOtpController {
  constructor(private readonly sendIssueOtp: SendIssueOtpUseCase) {}

  @Post('issue-otp')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Send the policy issuance OTP',
    description:
      'For the chosen offer and price of a quote request: sends a four-digit code valid 15 minutes, to be sent to POST /policies. ' +
      "The three ids must come from one quote response; the owner, email and phone must be the quote request's customer. " +
      '`iban` (SA + 22 digits with valid check digits) is passed to the insurer to pay out claims and refunds; it is never charged. ' +
      'Comprehensive cover needs the vehicle photos registered first (POST /quote-requests/{id}/attachments).',
  })
  @ApiNoContentResponse({ description: 'Sent.' })
  @ApiErrors(422, 429)
  send(@CurrentPartner() partner: Partner, @Body({ schema: issueOtpSchema }) body: z.infer<typeof issueOtpSchema>): Promise<void> {
    return this.sendIssueOtp.execute({ clientId: partner.clientId, ...body });
  }
}
