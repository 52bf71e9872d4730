import { Inject, Injectable } from '@nestjs/common';
import { ApiError, formatDate, money } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { BuildingType, IssuedPropertyPolicy, PropertyCity, PropertyProvider } from '@lib/providers';
import { providerFailure } from '../property-insurer-errors';
import { PROPERTY_PROVIDER } from '../property-products';
import type { PropertyPolicy } from '@lib/db/generated/prisma/client';
import { PropertyPolicyRepository } from './property-policy.repository';

/**
 * For payment activation: has the insurer issue its policy for a paid property policy and answers the
 * insurer's policy id and PDF URL, to be stored with PropertyPolicyRepository.activate and setDocument in
 * the payment's transaction. Call it before that transaction (it is an HTTP call); it is safe to repeat,
 * as the insurer answers the same policy for the same reference. A failing insurer is a 502 ApiError.
 */
@Injectable()
export class PropertyInsurerIssuance {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(policyId: number): Promise<IssuedPropertyPolicy> {
    const p = await this.policies.find(policyId);
    if (!p) throw ApiError.notFound('No property policy with this id.');
    return this.issueFor(p);
  }

  /** The same for a policy row already loaded (inside the payment's transaction). */
  async issueFor(p: PropertyPolicy): Promise<IssuedPropertyPolicy> {
    const b = p.buildingDetails as { building_type: BuildingType; building_age: number; apartment_size: number };
    try {
      return await this.provider.issue(
        p.insurerCode,
        {
          reference: `property-${p.id}`,
          risk: {
            buildingType: b.building_type,
            buildingAge: b.building_age,
            apartmentSize: b.apartment_size,
            city: p.cityName as PropertyCity,
            propertyCost: p.propertyCost ? money(p.propertyCost.toString()) : null,
            contentsCost: p.contentsCost ? money(p.contentsCost.toString()) : null,
          },
          startDate: formatDate(p.startDate),
          endDate: formatDate(p.endDate),
          insuredId: p.nationalityId,
        },
        { timeoutMs: this.config.propertyInsurerTimeoutMs },
      );
    } catch (err) {
      throw providerFailure(err, `The insurer ${p.insurerCode}`);
    }
  }
}
