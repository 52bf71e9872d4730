import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { ApiError, Clock, ErrorDetails, intId, z } from '@lib/common';
import { personIdField, saudiIbanField, saudiMobileField } from '@lib/common/saudi';
import { PrismaService } from '@lib/db';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { OtpService } from '../../otp/otp.service';
import { emailField } from '../motor-fields';
import { ISSUE_OTP_TTL_MS, MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { SelectionRepository } from './selection.repository';
import { VehiclePhotoRepository } from '../photos/vehicle-photo.repository';

export const issueOtpSchema = z.strictObject({
  quote_request_id: intId,
  quote_reference_id: z.uuid(),
  quote_price_id: z.uuid(),
  owner_id: personIdField('owner id'),
  email: emailField,
  phone: saudiMobileField('phone'),
  iban: saudiIbanField('iban'),
});

/** The OTP subject of a selection: one issue code per chosen price. */
export const issueSubject = (priceId: string) => `price:${priceId}`;

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp')
export class IssueOtpController {
  constructor(
    private readonly selections: SelectionRepository,
    private readonly otp: OtpService,
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly photos: VehiclePhotoRepository,
  ) {}

  @Post('issue-otp')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Send the policy issuance OTP',
    description:
      'For the chosen offer and price of a quote request: sends a four-digit code valid 15 minutes, to be sent to POST /policies. ' +
      'The three ids must come from one quote response; the owner, email and phone must be the quote request\'s customer. ' +
      '`iban` (SA + 22 digits with valid check digits) is passed to the insurer to pay out claims and refunds; it is never charged. ' +
      'Comprehensive cover needs the vehicle photos registered first (POST /quote-requests/{id}/attachments).',
  })
  @ApiNoContentResponse({ description: 'Sent.' })
  @ApiErrors(422, 429)
  async send(@CurrentPartner() partner: Partner, @Body({ schema: issueOtpSchema }) body: z.infer<typeof issueOtpSchema>): Promise<void> {
    const now = this.clock.now();
    const { request, offer, price } = await this.selections.load(partner.clientId, body, now);
    const details: ErrorDetails = {};
    if (body.owner_id !== request.ownerId) details.owner_id = ['The owner id is not the owner of this quote request.'];
    if (body.email !== request.email) details.email = ['The email does not belong to this customer.'];
    if (body.phone !== request.phone) details.phone = ['The phone is not the customer\'s phone of this quote request.'];
    if (Object.keys(details).length) throw ApiError.validation(details);
    // each insurer keeps its own photo set: the chosen offer's insurer must hold one
    if (offer.type === 'Comprehensive' && !(await this.photos.photosRegistered(request.id, offer.insurerCode))) {
      throw ApiError.field('quote_price_id', 'Comprehensive cover needs the five vehicle photos first: upload them with POST /quote-requests/{id}/attachments.');
    }
    await this.prisma.motorIssueRequest.create({
      data: { id: randomUUID(), clientId: partner.clientId, quoteRequestId: request.id, offerId: offer.id, priceId: price.id, iban: body.iban, createdAt: now },
    });
    await this.otp.issue({
      clientId: partner.clientId,
      purpose: 'motor-issue',
      subject: issueSubject(price.id),
      phone: request.phone,
      ttlMs: ISSUE_OTP_TTL_MS,
      text: (code) => `Your code to confirm your motor insurance purchase is ${code}. It is valid for 15 minutes. Do not share it.`,
    });
  }
}
