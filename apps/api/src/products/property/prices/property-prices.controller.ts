import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { amountField, amountNumber, crossFieldRules, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { BUILDING_TYPES, findPropertyCity, PROPERTY_CITIES, type PropertyCity } from '@lib/providers';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { type PropertyPricesOut, propertyPricesShape } from '../policies/property-policy.response';

import { PROPERTY_PRODUCTS } from '../property-products';
import { propertyRisk } from '../property-risk';
import { PropertyPricingService } from './property-pricing.service';

const queryInt = (label: string) =>
  z.coerce
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(0, `The ${label} must be at least 0.`)
    .max(1_000_000, `The ${label} may not be greater than 1000000.`);

/**
 * The profile priced when the caller gives only costs, as the real service's `GET /prices` takes them:
 * an apartment of 150 m², 5 years old, in Riyadh. Issuance always prices the policy's own details.
 */
export const DEFAULT_PRICING_PROFILE = { building_type: 'apartment', building_age: 5, apartment_size: 150, city_name: 'Riyadh' } as const;

export const pricesQuery = z
  .strictObject({
    building_type: z
      .enum(BUILDING_TYPES, { error: `The building type must be one of: ${BUILDING_TYPES.join(', ')}.` })
      .default(DEFAULT_PRICING_PROFILE.building_type),
    building_age: queryInt('building age').default(DEFAULT_PRICING_PROFILE.building_age),
    apartment_size: queryInt('apartment size').default(DEFAULT_PRICING_PROFILE.apartment_size),
    city_name: z
      .string()
      .default(DEFAULT_PRICING_PROFILE.city_name)
      .transform((v, ctx): PropertyCity => {
        const city = findPropertyCity(v);
        if (!city) {
          ctx.addIssue({ code: 'custom', message: `The city name must be one of the supported cities: ${PROPERTY_CITIES.join(', ')}.` });
          return z.NEVER;
        }
        return city;
      }),
    property_cost: amountField('property cost').optional(),
    contents_cost: amountField('contents cost').optional(),
  })
  .superRefine(
    ...crossFieldRules<{ property_cost?: unknown; contents_cost?: unknown }>((q, ctx, fine) => {
      if (fine('property_cost', 'contents_cost') && q.property_cost === undefined && q.contents_cost === undefined) {
        ctx.addIssue({ code: 'custom', path: ['property_cost'], message: 'The property cost field is required when contents cost is not present.' });
        ctx.addIssue({ code: 'custom', path: ['contents_cost'], message: 'The contents cost field is required when property cost is not present.' });
      }
    }),
  );

@ApiTags('Property')
@PartnerApi(...PROPERTY_PRODUCTS)
@Controller('api/v1/property')
export class PropertyPricesController {
  constructor(
    private readonly pricing: PropertyPricingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('prices')
  @ApiOperation({
    summary: 'List prices',
    description:
      'Asks every property insurer at once for the yearly premium of a property: `property_cost` and/or `contents_cost` (SAR, at least one), as the ' +
      "real service takes them, and optionally the property's details for a closer price: `building_type` (apartment, villa, private_accommodation), " +
      '`building_age` (years) and `apartment_size` (square metres) as integers of at least 0, `city_name` (a supported city). A detail left out is ' +
      "priced as a 5-year-old apartment of 150 m² in Riyadh; issuance always prices the policy's own details. Answers one entry per insurer that answered, keyed by its provider code (as the real service), " +
      "with `subtotal` (premium before VAT), `vat_percentage` (15), `vat`, `total` and `price` (= `total`, the real service's name). " +
      'An insurer that fails or is slow is left out; when none answers the call is a 502. `issuable` tells whether POST /policies accepts ' +
      'this provider as `insurance_provider` (only the configured provider, by default `dune`).',
  })
  @Responds(200, propertyPricesShape, 'Prices keyed by provider code.')
  @ApiErrors(422, 502)
  async list(@CurrentPartner() _partner: Partner, @Query({ schema: pricesQuery }) q: z.output<typeof pricesQuery>): Promise<PropertyPricesOut> {
    const quotes = await this.pricing.all(propertyRisk(q));
    return Object.fromEntries(
      quotes.map((p) => [
        p.quote.insurerCode,
        {
          insurance_provider: p.quote.insurerCode,
          name: p.quote.nameEn,
          name_ar: p.quote.nameAr,
          logo: p.quote.logoUrl,
          coverages: p.quote.coverages,
          subtotal: amountNumber(p.subtotal),
          vat_percentage: p.vatPercentage.toNumber(),
          vat: amountNumber(p.vat),
          total: amountNumber(p.total),
          price: amountNumber(p.total),
          issuable: this.config.propertyIssuanceProviders.includes(p.quote.insurerCode),
        },
      ]),
    );
  }
}
