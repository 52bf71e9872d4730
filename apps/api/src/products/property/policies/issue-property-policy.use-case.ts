import { Inject, Injectable } from '@nestjs/common';
import { amountString, Clock, HOUR_MS, parseDate, validationError } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import { PaymentRepository } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import { propertyRisk } from '../property-risk';
import { PropertyPricingService } from '../prices/property-pricing.service';
import { termEnd } from './policy-term';
import { issuePropertyPolicySchema } from './property-policy.schema';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { PropertyPolicyViews } from './property-policy-views';
import { PropertyPolicyRepository, PROPERTY_PAYMENT_TYPE } from './property-policy.repository';
import { PolicyStatus } from '../../../policies/policy-status';

/** A property payment link lives 24 hours. */
export const PROPERTY_PAYMENT_LINK_MS = 24 * HOUR_MS;

export interface IssuePropertyPolicyCommand {
  clientId: string;
  /** The enrolment the client holds (multi-provider or comparison), recorded on the policy. */
  productCode: string;
  body: unknown;
}

/**
 * Validates every field rule, prices the property with the chosen insurer live, then writes the pending
 * policy and its pending payment in one transaction (a policy never lacks its payment link).
 */
@Injectable()
export class IssuePropertyPolicyUseCase {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly events: PolicyEvents,
    private readonly views: PropertyPolicyViews,
    private readonly pricing: PropertyPricingService,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: IssuePropertyPolicyCommand) {
    const now = this.clock.now();
    const parsed = issuePropertyPolicySchema(now, this.config.propertyIssuanceProviders).safeParse(cmd.body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const input = parsed.data;
    const b = input.building_details;
    const risk = propertyRisk({ ...b, city_name: input.address.city_name, property_cost: input.property_cost, contents_cost: input.contents_cost });
    const price = await this.pricing.one(input.insurance_provider, risk);

    const start = parseDate(input.start_date)!;
    const { personal_details: person } = input;
    return this.policies.transaction(async (tx) => {
      const policy = await this.policies.create(tx, {
        clientId: cmd.clientId,
        productCode: cmd.productCode,
        insurerCode: input.insurance_provider,
        personalDetails: person as Prisma.InputJsonValue,
        buildingDetails: b as Prisma.InputJsonValue,
        address: input.address as Prisma.InputJsonValue,
        email: person.email,
        nationality: person.nationality,
        nationalityId: person.nationality_id,
        cityName: input.address.city_name,
        propertyCost: input.property_cost ?? null,
        contentsCost: input.contents_cost ?? null,
        iban: input.iban,
        startDate: start,
        endDate: termEnd(start),
        redirectUrl: input.redirect_url ?? null,
        status: PolicyStatus.Pending,
        netPremium: amountString(price.subtotal),
        vat: amountString(price.vat),
        price: amountString(price.total),
        createdAt: now,
        updatedAt: now,
      });
      await this.testClocks.attach(tx, clockedPolicy('property', policy.id));
      const payment = await this.payments.createPending(tx, {
        clientId: cmd.clientId,
        policyType: PROPERTY_PAYMENT_TYPE,
        policyId: policy.id,
        amount: amountString(price.total),
        expiresAt: new Date(now.getTime() + PROPERTY_PAYMENT_LINK_MS),
        at: now,
      });
      await this.events.statusUpdated(tx, await this.views.shown(tx, policy, payment));
      return { policy, payment };
    });
  }
}
