import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDateTime, maskPersonal, z } from '@lib/common';
import { saudiIbanField } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { IssuePolicyUseCase } from '../../issuance/issue-policy.use-case';
import { SelectionRepository } from '../../issuance/selection.repository';
import { SendIssueOtpUseCase } from '../../issuance/send-issue-otp.use-case';
import { RegisterVehiclePhotosUseCase } from '../../photos/register-vehicle-photos.use-case';
import { QuoteProgressRepository } from '../../quotes/quote-progress.repository';
import { presentOffer } from '../../quotes/quote-request.presenter';
import { MotorPolicyRepository } from '../../issuance/motor-policy.repository';
import { presentMotorPolicy } from '../../issuance/motor-policy.presenter';
import { presentInsurers } from '../../quotes/quote-progress.presenter';
import type { QuotesStatus } from '../../quotes/quote-request.response';
import { EmbedSession, EmbedSessionRepository, sessionPhotos } from '../sessions/embed-session.repository';
import { photoUrls } from '../sessions/embed-session.presenter';
import { assertOpen } from '../sessions/store-session-photos.use-case';

export const sendCodeSchema = z.strictObject({
  quote_reference_id: z.uuid('The quote reference id must be a valid UUID.'),
  quote_price_id: z.uuid('The quote price id must be a valid UUID.'),
  iban: saudiIbanField('iban'),
  /** The customer confirmed the stored photos are of this vehicle (comprehensive cover only). */
  photos_confirmed: z.boolean().optional(),
});

export const issueSchema = z.strictObject({
  otp: z.string().regex(/^\d{4}$/, 'The otp must be 4 digits.'),
  quote_reference_id: z.uuid('The quote reference id must be a valid UUID.'),
  quote_price_id: z.uuid('The quote price id must be a valid UUID.'),
  benefits: z.array(z.uuid('Each benefit must be a valid UUID.')).max(50).optional(),
});

/** An issuance claim older than this belongs to a request that died; another may take over. */
const ISSUANCE_CLAIM_MS = 60_000;

/** What a session's page shows: the offers, where the code goes (masked), the stored photos, the policy once issued. */
export type EmbedView = Awaited<ReturnType<EmbedCheckoutService['view']>>;

/**
 * The embedded page's steps over the session's own quote request, through the same motor use-cases as
 * the partner API: pick, payout IBAN, photos for comprehensive cover, issue OTP, policy with payment link.
 * The customer's identity (owner id, email, phone) always comes from the quote request, never the page.
 */
@Injectable()
export class EmbedCheckoutService {
  constructor(
    private readonly quoteRequests: QuoteProgressRepository,
    private readonly selections: SelectionRepository,
    private readonly sendIssueOtp: SendIssueOtpUseCase,
    private readonly issuePolicy: IssuePolicyUseCase,
    private readonly photos: RegisterVehiclePhotosUseCase,
    private readonly policies: MotorPolicyRepository,
    private readonly sessions: EmbedSessionRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async view(session: EmbedSession) {
    const request = await this.quoteRequests.findForClient(session.clientId, session.quoteRequestId);
    if (!request) throw ApiError.notFound('The quote request of this session was deleted.');
    const now = this.clock.now();
    const quotes = request.offers.map(presentOffer).filter((q) => Date.parse(q.quote_expiry_date) > now.getTime());
    // a session opened with Prefer: respond-async shows the offers so far and follows /events for the insurers still pending
    const pending =
      request.quotesStatus === 'in_progress'
        ? presentInsurers(request.insurerCodes, request.outcomes)
            .filter((i) => i.state === 'pending')
            .map((i) => i.code)
        : [];
    return {
      status: request.quotesStatus as QuotesStatus,
      pending,
      session: {
        id: session.id,
        quote_request_id: session.quoteRequestId,
        locale: session.locale,
        platform: session.platform,
        expires_at: formatDateTime(session.expiresAt),
        deep_link: session.deepLink,
      },
      // The customer's own phone, shown back as 05******78: enough to recognise, nothing for a passer-by.
      phone: maskPersonal(request.phone),
      photos: photoUrls(session),
      quotes,
      policy: session.policyId ? await this.policy(session.clientId, session.policyId) : null,
    };
  }

  markOpened(session: EmbedSession): Promise<void> {
    return this.sessions.markOpened(session.id, this.clock.now());
  }

  async sendCode(session: EmbedSession, body: z.infer<typeof sendCodeSchema>): Promise<void> {
    this.assertActive(session);
    const ids = { quote_request_id: session.quoteRequestId, quote_reference_id: body.quote_reference_id, quote_price_id: body.quote_price_id };
    const { request, offer } = await this.selections.load(session.clientId, ids, this.clock.now());
    if (offer.type === 'Comprehensive') {
      const stored = sessionPhotos(session);
      if (stored) {
        if (body.photos_confirmed !== true) throw ApiError.field('photos_confirmed', 'Confirm that the five photos are of this vehicle.');
        // once per insurer and photo set: a new code for the same pick does not send the photos again
        const done = session.photosUpdatedAt && (await this.sessions.registeredSince(request.id, offer.insurerCode, session.photosUpdatedAt));
        if (!done) await this.photos.registerStored(session.clientId, request.id, body.quote_price_id, stored);
      }
    }
    await this.sendIssueOtp.execute({
      clientId: session.clientId,
      ...ids,
      owner_id: request.ownerId,
      email: request.email,
      phone: request.phone,
      iban: body.iban,
      photosHint: 'upload the five photos of the vehicle',
    });
  }

  async issue(session: EmbedSession, body: z.infer<typeof issueSchema>) {
    this.assertActive(session);
    const now = this.clock.now();
    // two prices confirmed at once must not give the session two policies
    if (!(await this.sessions.claimIssuance(session.id, now, new Date(now.getTime() - ISSUANCE_CLAIM_MS)))) {
      throw new ApiError('CONFLICT', 'A policy is being issued or was already issued in this session.');
    }
    let policyId: number | null = null;
    try {
      const policy = await this.issuePolicy.execute(session.clientId, {
        otp: body.otp,
        quote_request_id: session.quoteRequestId,
        quote_reference_id: body.quote_reference_id,
        quote_price_id: body.quote_price_id,
        benefits: body.benefits,
        redirect_url: session.redirectUrl ?? undefined,
        extra_data: { embed_session_id: session.id },
      });
      policyId = policy.id;
      return policy;
    } finally {
      await this.sessions.releaseIssuance(session.id, policyId);
    }
  }

  private assertActive(session: EmbedSession): void {
    assertOpen(session, this.clock.now());
    if (session.policyId) throw new ApiError('CONFLICT', 'A policy was already issued in this session.');
  }

  private async policy(clientId: string, id: number) {
    const found = await this.policies.findForClient(clientId, id);
    return found ? presentMotorPolicy(found.policy, found.payment, this.config.publicBaseUrl, false) : null;
  }
}
