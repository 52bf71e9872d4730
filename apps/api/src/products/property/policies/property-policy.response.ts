import { amountOut, dateOut, dateTimeOut, paginated, shape, uuidOut, z } from '@lib/common';
import { BUILDING_TYPES, PROPERTY_CITIES } from '@lib/providers';
import { PolicyStatus } from '../../../policies/policy-status';
import { CANCELLATION_STATUSES } from '../cancellation/cancellation-status.service';
import { DOCUMENT_CATEGORIES } from '../documents/property-document.repository';
import { SUPPORTED_NATIONALITIES } from '../nationalities';

/** The statuses a property policy takes: 0 pending payment, 1 active, 2 cancelled, 4 expired (the term ended). */
export const PROPERTY_POLICY_STATUSES = {
  pending: PolicyStatus.Pending,
  active: PolicyStatus.Active,
  cancelled: PolicyStatus.Cancelled,
  expired: PolicyStatus.Expired,
} as const;

export const PROPERTY_POLICY_EXAMPLE = {
  id: 655,
  meta_data: {
    address: {
      street_name: 'Al Imam Saud Bin Faisal Road',
      building_number: '7866',
      district_name: 'Al Sahafah',
      city_name: 'Riyadh',
      additional_number: '3412',
      zip_code: '13521',
      unit_number: '12',
    },
    property_cost: 850000,
    contents_cost: 120000,
    building_details: { building_age: 6, building_type: 'villa', apartment_size: 420 },
    personal_details: {
      name: 'Sara Ahmed',
      name_ar: 'سارة أحمد',
      gender: 'F',
      email: 'sara@example.com',
      phone_number: '+966512345678',
      birthdate: '1990-04-12',
      nationality: 'SA',
      nationality_id: '1012345678',
    },
    insurance_provider: 'dune',
    iban: 'SA0380000000608010167519',
    start_date: '2026-12-01',
    end_date: '2027-12-01',
    has_agreed_to_terms_and_conditions: true,
    documents: [],
  },
  created_at: '2026-11-22T09:05:00.000000Z',
  canceled_at: null,
  status: 0,
  provider_policy: null,
  provider_policy_id: null,
  renewal_of: null,
  client_id: '44efa27f-6d0a-4a55-9d8e-2b5f0c3a1e77',
  payment_link: 'http://localhost:3000/pay/9b1d0f3e6a7c4b2d8e5f1a3c7b9d2e4f6a8c0b1d',
  price: 1079.73,
  redirect_url: 'https://shop.example/done?policy=655',
  policy_url: null,
};

/** The insured property's address, as the partner sent it (or GET /address-from-short filled it). */
export const propertyAddressShape = shape(
  'PropertyAddress',
  z.object({
    street_name: z.string(),
    building_number: z.string(),
    district_name: z.string(),
    city_name: z.enum(PROPERTY_CITIES),
    additional_number: z.string(),
    zip_code: z.string(),
    unit_number: z.string(),
  }),
);

export const propertyBuildingDetailsShape = shape(
  'PropertyBuildingDetails',
  z.object({
    building_age: z.number().int().min(0).meta({ description: 'Years.' }),
    building_type: z.enum(BUILDING_TYPES),
    apartment_size: z.number().int().min(0).meta({ description: 'Square metres.' }),
  }),
);

export const propertyPersonalDetailsShape = shape(
  'PropertyPersonalDetails',
  z.object({
    name: z.string().meta({ description: 'The English name.' }),
    name_ar: z.string(),
    gender: z.enum(['M', 'F']),
    email: z.string().meta({ format: 'email' }),
    phone_number: z.string().meta({ example: '+966512345678' }),
    birthdate: dateOut,
    nationality: z.enum(SUPPORTED_NATIONALITIES).meta({ description: 'ISO 3166-1 alpha-2.' }),
    nationality_id: z.string().meta({ description: 'National id, iqama or passport number.' }),
  }),
);

/** A document uploaded to a policy (POST .../documents); `url` downloads it with the bearer token. */
export const propertyDocumentShape = shape(
  'PropertyDocument',
  z.object({
    id: uuidOut,
    category: z.enum(DOCUMENT_CATEGORIES),
    url: z.string().meta({ format: 'uri' }),
    content_type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
    size: z.number().int().min(0).meta({ description: 'Bytes.' }),
    created_at: dateTimeOut,
  }),
);

/** What a cancellation refunded: present on a cancelled policy only. */
export const propertyCancellationShape = shape(
  'PropertyCancellation',
  z.object({
    reason: z.string().nullable(),
    refund_amount: amountOut.nullable().meta({ description: 'SAR; null when nothing was paid.' }),
    unused_days: z.number().int().nullable(),
    term_days: z.number().int().nullable(),
  }),
);

/** The property policy object (issue, show, list, cancel, documents; the property webhooks carry it too). */
export const propertyPolicyShape = shape(
  'PropertyPolicy',
  z
    .object({
      id: z.number().int(),
      meta_data: z.object({
        address: propertyAddressShape,
        property_cost: amountOut.nullable(),
        contents_cost: amountOut.nullable(),
        building_details: propertyBuildingDetailsShape,
        personal_details: propertyPersonalDetailsShape,
        insurance_provider: z.string().meta({ example: 'dune' }),
        iban: z.string().meta({ example: 'SA0380000000608010167519' }),
        start_date: dateOut,
        end_date: dateOut,
        has_agreed_to_terms_and_conditions: z.literal(true),
        documents: z.array(propertyDocumentShape),
      }),
      created_at: dateTimeOut,
      canceled_at: dateTimeOut.nullable(),
      status: z.enum(PROPERTY_POLICY_STATUSES).meta({ description: '0 pending payment, 1 active, 2 cancelled, 4 expired.' }),
      provider_policy: z.string().nullable().meta({ description: "The insurer's policy document (URL), once issued." }),
      provider_policy_id: z.string().nullable(),
      renewal_of: z
        .number()
        .int()
        .nullable()
        .meta({ description: "The policy whose next term this is, when it was offered with that policy's renewal notice (`policy.renewal_due`); else null." }),
      client_id: uuidOut,
      payment_link: z.string().nullable().meta({ description: 'The hosted payment page while payment is due.' }),
      price: amountOut.meta({ description: 'Premium with 15% VAT, SAR.' }),
      redirect_url: z.string().nullable(),
      policy_url: z.string().nullable(),
      cancellation: propertyCancellationShape.optional().meta({ description: 'On a cancelled policy (status 2) only.' }),
    })
    .meta({ example: PROPERTY_POLICY_EXAMPLE }),
);
export type PropertyPolicyOut = z.output<typeof propertyPolicyShape>;
export type PropertyDocumentOut = z.output<typeof propertyDocumentShape>;

export const propertyPolicyPageShape = paginated('PropertyPolicyPage', propertyPolicyShape);

export const PROPERTY_PRICES_EXAMPLE = {
  dune: {
    insurance_provider: 'dune',
    name: 'Dune Cooperative Insurance',
    name_ar: 'الكثبان للتأمين التعاوني',
    logo: 'http://localhost:3100/logos/dune-wide.svg',
    coverages: ['fire', 'lightning', 'explosion', 'water_damage', 'theft', 'natural_disasters'],
    subtotal: 402.5,
    vat_percentage: 15,
    vat: 60.38,
    total: 462.88,
    price: 462.88,
    issuable: true,
  },
};

/** One insurer's yearly premium for the property. */
export const propertyPriceShape = shape(
  'PropertyPrice',
  z.object({
    insurance_provider: z.string().meta({ example: 'dune' }),
    name: z.string(),
    name_ar: z.string(),
    logo: z.string().nullable(),
    coverages: z.array(z.string()),
    subtotal: amountOut.meta({ description: 'Premium before VAT, SAR.' }),
    vat_percentage: z.number().meta({ example: 15 }),
    vat: amountOut,
    total: amountOut,
    price: amountOut.meta({ description: "= `total`, the real service's name." }),
    issuable: z.boolean().meta({ description: 'Whether POST /policies accepts this provider as `insurance_provider`.' }),
  }),
);
export type PropertyPriceOut = z.output<typeof propertyPriceShape>;

/** GET /prices: one entry per insurer that answered, keyed by its provider code. */
export const propertyPricesShape = shape(
  'PropertyPrices',
  z.record(z.string(), propertyPriceShape).meta({ description: 'Keyed by provider code.', example: PROPERTY_PRICES_EXAMPLE }),
);
export type PropertyPricesOut = z.output<typeof propertyPricesShape>;

/** GET /address-from-short: the national address registry's address, without `unit_number` (ask the customer). */
export const propertyShortAddressShape = shape(
  'PropertyShortAddress',
  z
    .object({
      building_number: z.string(),
      zip_code: z.string(),
      additional_number: z.string(),
      street_name: z.string(),
      district_name: z.string(),
      city_name: z.string(),
    })
    .meta({
      example: {
        building_number: '7866',
        zip_code: '13521',
        additional_number: '3412',
        street_name: 'Al Imam Saud Bin Faisal Road',
        district_name: 'Al Sahafah',
        city_name: 'Riyadh',
      },
    }),
);
export type PropertyShortAddressOut = z.output<typeof propertyShortAddressShape>;

export const propertyCancellationStatusShape = shape(
  'PropertyCancellationStatus',
  z.object({ status: z.enum(CANCELLATION_STATUSES) }).meta({ example: { status: 'active' } }),
);
export type PropertyCancellationStatusOut = z.output<typeof propertyCancellationStatusShape>;
