import { Inject, Injectable } from '@nestjs/common';
import { amountString, Clock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { BuildingType, PropertyCity } from '@lib/providers';
import { withSandboxScope } from '@lib/providers';
import { PaymentRepository, paymentLink } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy, RenewalOffer, RenewalPrice } from '../../../policies/policy-product';
import { PolicyStatus } from '../../../policies/policy-status';
import { PropertyPricingService } from '../prices/property-pricing.service';
import { propertyRisk } from '../property-risk';
import { termEnd } from './policy-term';
import { PropertyPolicyRepository, PropertyPolicyRow, PROPERTY_PAYMENT_TYPE } from './property-policy.repository';
import { PropertyPolicyViews } from './property-policy-views';

/**
 * A property policy's one-year term ends: it becomes status 4 (expired), presented as Show Policy answers it. Its
 * renewal notice offers the next term priced by the same insurer: a pending policy (`renewal_of` the term it renews,
 * starting on that term's `end_date`) with its own payment link, open until that term ends; paying it activates the
 * next term as any property policy is activated.
 */
@Injectable()
export class PropertyPolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly views: PropertyPolicyViews,
    private readonly pricing: PropertyPricingService,
    private readonly payments: PaymentRepository,
    private readonly testClocks: TestClocks,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    const shown: ExpiredPolicy[] = [];
    for (const policy of await this.policies.markExpired(tx, policyIds, now)) {
      const documents = await this.policies.documentsIn(tx, policy.id);
      shown.push({ clientId: policy.clientId, policy: this.views.present({ policy, payment: null, documents }) });
    }
    return shown;
  }

  /**
   * The insurer's live price for the next term: the same insurer, property and cover amounts, the building a year
   * older. Asked as the policy's client (its sandbox insurer settings apply, as for its own calls).
   */
  async priceRenewal(policyId: number): Promise<RenewalPrice | null> {
    const policy = await this.policies.find(policyId);
    if (!policy || policy.status !== PolicyStatus.Active) return null;
    const b = policy.buildingDetails as { building_type: BuildingType; building_age: number; apartment_size: number };
    const risk = propertyRisk({
      building_type: b.building_type,
      building_age: b.building_age + 1,
      apartment_size: b.apartment_size,
      city_name: policy.cityName as PropertyCity,
      property_cost: policy.propertyCost?.toString() ?? null,
      contents_cost: policy.contentsCost?.toString() ?? null,
    });
    const ask = () => this.pricing.one(policy.insurerCode, risk);
    const price = await (this.config.env === 'sandbox' ? withSandboxScope(policy.clientId, ask) : ask());
    return { insurerCode: policy.insurerCode, netPremium: amountString(price.subtotal), vat: amountString(price.vat), total: amountString(price.total) };
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number, price?: RenewalPrice | null): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeIn(tx, policyId);
    if (!active) return null;
    const policy = this.views.present({ policy: active, payment: null, documents: await this.policies.documentsIn(tx, policyId) });
    const offer = price ? await this.offerNextTerm(tx, active, price) : null;
    return { clientId: active.clientId, policy, quoteRequest: null, offer };
  }

  /**
   * Writes the next term (pending, `renewal_of` the current one) and its payment link, in the notice's transaction (so
   * exactly once: `renewal_of` is unique too). The link stays open until the current term ends: the customer may pay
   * any day of the notice, and cover paid later would leave a gap.
   */
  private async offerNextTerm(tx: Prisma.TransactionClient, current: PropertyPolicyRow, price: RenewalPrice): Promise<RenewalOffer> {
    const now = this.clock.now();
    const next = await this.policies.create(tx, {
      clientId: current.clientId,
      productCode: current.productCode,
      insurerCode: price.insurerCode,
      personalDetails: current.personalDetails as Prisma.InputJsonValue,
      buildingDetails: current.buildingDetails as Prisma.InputJsonValue,
      address: current.address as Prisma.InputJsonValue,
      email: current.email,
      nationality: current.nationality,
      nationalityId: current.nationalityId,
      cityName: current.cityName,
      propertyCost: current.propertyCost,
      contentsCost: current.contentsCost,
      iban: current.iban,
      startDate: current.endDate,
      endDate: termEnd(current.endDate),
      redirectUrl: current.redirectUrl,
      status: PolicyStatus.Pending,
      netPremium: price.netPremium,
      vat: price.vat,
      price: price.total,
      renewalOf: current.id,
      createdAt: now,
      updatedAt: now,
    });
    await this.testClocks.attach(tx, clockedPolicy('property', next.id));
    const payment = await this.payments.createPending(tx, {
      clientId: next.clientId,
      policyType: PROPERTY_PAYMENT_TYPE,
      policyId: next.id,
      amount: price.total,
      expiresAt: current.endDate,
      at: now,
    });
    return {
      policyId: next.id,
      price,
      paymentLink: paymentLink(this.config.publicBaseUrl, payment.linkToken),
      paymentLinkExpiresAt: payment.expiresAt,
    };
  }
}
