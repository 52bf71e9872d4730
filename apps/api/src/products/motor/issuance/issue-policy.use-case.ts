import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, crossFieldRules, ErrorDetails, intId, money, sum, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { OtpService } from '../../../platform/otp/otp.service';
import { PaymentRepository } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import { PAYMENT_LINK_PERIODS_MS } from '../../../payments/payment-link-periods';
import { issueSubject } from './send-issue-otp.use-case';
import { presentMotorPolicy, shownMotorPolicy } from './motor-policy.presenter';
import { MotorPolicyRepository } from './motor-policy.repository';
import { Selection, SelectionRepository } from './selection.repository';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';

const EXTRA_DATA_MAX = 255;
/** A motor payment link lives 24 hours, or until the offer lapses if that is sooner. */
export const MOTOR_PAYMENT_LINK_MS = PAYMENT_LINK_PERIODS_MS.motor;

const extraData = z
  .record(z.string(), z.unknown(), { error: 'The extra data must be a JSON object.' })
  .refine((v) => JSON.stringify(v).length <= EXTRA_DATA_MAX, `The extra data may not be longer than ${EXTRA_DATA_MAX} characters as JSON.`);

export const issuePolicySchema = z
  .strictObject({
    otp: z.string().regex(/^\d{4}$/, 'The otp must be 4 digits.'),
    quote_request_id: intId,
    quote_reference_id: z.uuid(),
    quote_price_id: z.uuid(),
    benefits: z.array(z.uuid()).max(50).optional(),
    extra_data: extraData.optional(),
    /** The real service's name for extra_data. */
    extra_fields: extraData.optional(),
    redirect_url: z
      .url({ protocol: /^https?$/, error: 'The redirect url must be an http or https URL.' })
      .max(2048)
      .optional(),
    iban: z.unknown().optional(),
  })
  .superRefine(
    ...crossFieldRules<{ iban?: unknown; extra_data?: unknown; extra_fields?: unknown }>((b, ctx, fine) => {
      if (b.iban !== undefined)
        ctx.addIssue({ code: 'custom', path: ['iban'], message: 'The iban field is no longer accepted here: send it to POST /issue-otp.' });
      if (fine('extra_data', 'extra_fields') && b.extra_data && b.extra_fields)
        ctx.addIssue({ code: 'custom', path: ['extra_fields'], message: 'Send extra_data or extra_fields, not both.' });
    }),
  );

export type IssuePolicyInput = z.infer<typeof issuePolicySchema>;

@Injectable()
export class IssuePolicyUseCase {
  constructor(
    private readonly selections: SelectionRepository,
    private readonly policies: MotorPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly otp: OtpService,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    private readonly events: PolicyEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string, input: IssuePolicyInput) {
    await this.testClocks.adopt({ type: 'quote_request', key: String(input.quote_request_id) }, clientId);
    const now = this.clock.now();
    const selection = await this.selections.load(clientId, input, now);
    const chosen = paidBenefits(selection, input.benefits ?? []);

    const already = await this.policies.findByPrice(clientId, selection.price.id);
    if (already) throw new ApiError('CONFLICT', `A policy was already issued from this price (policy ${already.id}).`);
    const issueRequest = await this.selections.latestIssueRequest(clientId, selection.price.id);
    if (!issueRequest) throw ApiError.field('otp', 'No issue code was requested for this selection. Call POST /issue-otp first.');
    await this.otp.verify({ clientId, purpose: 'motor-issue', subject: issueSubject(selection.price.id), code: input.otp, consume: true });

    const price = sum([selection.price.total.toString(), ...chosen.flatMap((b) => [b.amount.toString(), b.vat.toString()])]);
    const { request, offer } = selection;
    try {
      const { policy, payment } = await this.policies.transaction(async (tx) => {
        const policy = await this.policies.create(tx, {
          clientId,
          quoteRequestId: request.id,
          offerId: offer.id,
          priceId: selection.price.id,
          insurerCode: offer.insurerCode,
          productCode: offer.type === 'Comprehensive' ? 'motor-comprehensive-comparison' : 'motor-tpl-comparison',
          ownerId: request.ownerId,
          previousOwnerId: request.currentCarOwnerId,
          carSequenceNumber: request.carSequenceNumber,
          customNumber: request.customNumber,
          iban: issueRequest.iban,
          benefits: chosen.map((b) => ({ quote_benefit_id: b.id, id: b.code, amount: b.amount, vat: b.vat })),
          extraData: (input.extra_data ?? input.extra_fields ?? Prisma.DbNull) as Prisma.InputJsonValue,
          redirectUrl: input.redirect_url ?? null,
          status: PolicyStatus.Pending,
          price: price.toFixed(2),
          createdAt: now,
          updatedAt: now,
        });
        const expiresAt = new Date(Math.min(now.getTime() + MOTOR_PAYMENT_LINK_MS, offer.expiresAt.getTime()));
        await this.testClocks.attach(tx, clockedPolicy('motor', policy.id));
        const payment = await this.payments.createPending(tx, {
          clientId,
          policyType: 'motor',
          policyId: policy.id,
          amount: price.toFixed(2),
          expiresAt,
          at: now,
        });
        // The real service's first event: status 0 with the payment link, committed with the policy itself.
        await this.events.statusUpdated(tx, shownMotorPolicy(policy, payment, this.config.publicBaseUrl));
        return { policy, payment };
      });
      return presentMotorPolicy(policy, payment, this.config.publicBaseUrl, false);
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
        throw new ApiError('CONFLICT', 'A policy was already issued from this price.');
      }
      throw e;
    }
  }
}

/** The chosen benefits: each of the same offer, paid (included ones are never sent), once. */
function paidBenefits(selection: Selection, ids: string[]) {
  const details: ErrorDetails = {};
  const seen = new Set<string>();
  const chosen = ids.map((id, i) => {
    const benefit = selection.offer.benefits.find((b) => b.id === id);
    if (!benefit) (details[`benefits.${i}`] ??= []).push('The benefit does not belong to the chosen offer.');
    else if (money(benefit.amount.toString()).isZero()) (details[`benefits.${i}`] ??= []).push('Included benefits are part of the cover: do not send them.');
    if (seen.has(id)) (details[`benefits.${i}`] ??= []).push('The same benefit is sent twice.');
    seen.add(id);
    return benefit;
  });
  if (Object.keys(details).length) throw ApiError.validation(details);
  return chosen.filter((b): b is NonNullable<typeof b> => Boolean(b));
}
