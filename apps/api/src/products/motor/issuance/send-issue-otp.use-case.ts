import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock, ErrorDetails } from '@lib/common';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { OtpService } from '../../../platform/otp/otp.service';
import { ISSUE_OTP_TTL_MS } from '../motor-products';
import { VehiclePhotoRepository } from '../photos/vehicle-photo.repository';
import { SelectionRepository } from './selection.repository';

/** The OTP subject of a selection: one issue code per chosen price. */
export const issueSubject = (priceId: string) => `price:${priceId}`;

export interface SendIssueOtpCommand {
  clientId: string;
  quote_request_id: number;
  quote_reference_id: string;
  quote_price_id: string;
  owner_id: string;
  email: string;
  phone: string;
  iban: string;
  /** Where to upload photos, for the message refusing comprehensive cover without them. */
  photosHint?: string;
}

/**
 * The issue OTP step: the selection must come from one quote response of the client and belong to
 * the customer named; comprehensive cover needs photos registered with the chosen insurer. Records the
 * payout IBAN with the selection and texts a 15-minute code to the quote request's phone.
 */
@Injectable()
export class SendIssueOtpUseCase {
  constructor(
    private readonly selections: SelectionRepository,
    private readonly otp: OtpService,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    private readonly photos: VehiclePhotoRepository,
  ) {}

  async execute(cmd: SendIssueOtpCommand): Promise<void> {
    await this.testClocks.adopt({ type: 'quote_request', key: String(cmd.quote_request_id) }, cmd.clientId);
    const now = this.clock.now();
    const { request, offer, price } = await this.selections.load(cmd.clientId, cmd, now);
    const details: ErrorDetails = {};
    if (cmd.owner_id !== request.ownerId) details.owner_id = ['The owner id is not the owner of this quote request.'];
    if (cmd.email !== request.email) details.email = ['The email does not belong to this customer.'];
    if (cmd.phone !== request.phone) details.phone = ["The phone is not the customer's phone of this quote request."];
    if (Object.keys(details).length) throw ApiError.validation(details);
    // each insurer keeps its own photo set: the chosen offer's insurer must hold one
    if (offer.type === 'Comprehensive' && !(await this.photos.photosRegistered(request.id, offer.insurerCode))) {
      throw ApiError.field(
        'quote_price_id',
        `Comprehensive cover needs the five vehicle photos first: ${cmd.photosHint ?? 'upload them with POST /quote-requests/{id}/attachments'}.`,
      );
    }
    await this.selections.recordIssueRequest({
      id: randomUUID(),
      clientId: cmd.clientId,
      quoteRequestId: request.id,
      offerId: offer.id,
      priceId: price.id,
      iban: cmd.iban,
      createdAt: now,
    });
    await this.otp.issue({
      clientId: cmd.clientId,
      purpose: 'motor-issue',
      subject: issueSubject(price.id),
      phone: request.phone,
      ttlMs: ISSUE_OTP_TTL_MS,
      text: (code) => `Your code to confirm your motor insurance purchase is ${code}. It is valid for 15 minutes. Do not share it.`,
    });
  }
}
