import { halalasOf, halalasText, type Halalas } from '@lib/common';
import type { CustomsVehicle, CustomsVehicleRegistration, MotorInsurer, MotorOffer, MotorQuoteResult, MotorRisk, VehicleKey } from './motor-provider.port';
import type {
  WireInsurer,
  WireOffer,
  WireQuoteRequest,
  WireQuoteResponse,
  WireRegisteredVehicle,
  WireRegisterVehicleRequest,
  WireVehicleKey,
} from './sandbox-motor.wire';

export function toWireQuoteRequest(risk: MotorRisk): WireQuoteRequest {
  const v = risk.vehicle;
  const identity =
    v.kind === 'sequence'
      ? { sequence_number: v.sequenceNumber }
      : { custom_number: v.customNumber, maker_code: v.makerCode, model_code: v.modelCode, body_type_code: v.bodyTypeCode };
  return {
    request_reference: risk.requestReference,
    locale: risk.locale,
    owner: { id: risk.owner.id, age: risk.owner.age },
    drivers: risk.drivers.map((d) => ({ id: d.id, age: d.age, driving_percentage: d.drivingPercentage })),
    vehicle: { ...identity, model_year: v.modelYear, estimated_value: halalasText(v.estimatedValue) },
    is_ownership_transfer: risk.isOwnershipTransfer,
    start_date: risk.startDate,
  };
}

export function fromWireInsurer(w: WireInsurer): MotorInsurer {
  return { code: w.code, nameEn: w.name_en, nameAr: w.name_ar, logoUrl: w.logo_url, squareLogoUrl: w.square_logo_url, products: w.motor_products };
}

/** An amount the contract already checked (two places, at most 12 digits before them). */
function checkedHalalas(amount: string): Halalas {
  const h = halalasOf(amount);
  if (h === null) throw new Error(`not an amount: ${amount}`);
  return h;
}

function fromWireOffer(w: WireOffer): MotorOffer {
  return {
    providerReference: w.reference,
    type: w.type,
    productNameEn: w.product_name_en,
    productNameAr: w.product_name_ar,
    fixType: w.fix_type,
    vehicleEstimatedValue: w.vehicle_estimated_value === null ? null : checkedHalalas(w.vehicle_estimated_value),
    validUntil: new Date(w.valid_until),
    prices: w.prices.map((p) => ({
      providerReference: p.reference,
      deductible: p.deductible === null ? null : checkedHalalas(p.deductible),
      netPremium: checkedHalalas(p.net_premium),
    })),
    benefits: w.benefits.map((b) => ({ code: b.code, nameEn: b.name_en, nameAr: b.name_ar, amount: checkedHalalas(b.amount), url: b.url })),
  };
}

export function fromWireQuote(w: WireQuoteResponse): MotorQuoteResult {
  return w.status === 'quoted'
    ? { status: 'quoted', offers: w.offers.map(fromWireOffer) }
    : { status: 'declined', reasonCode: w.reason_code, reason: w.reason };
}

export function toWireRegisterVehicle(v: CustomsVehicle): WireRegisterVehicleRequest {
  return {
    custom_number: v.customNumber,
    maker_code: v.makerCode,
    model_code: v.modelCode,
    body_type_code: v.bodyTypeCode,
    model_year: v.modelYear,
    owner_id: v.ownerId,
  };
}

export function fromWireRegisteredVehicle(w: WireRegisteredVehicle): CustomsVehicleRegistration {
  return {
    alreadyRegistered: w.already_registered,
    vehicle: {
      customNumber: w.custom_number,
      makerCode: w.maker_code,
      modelCode: w.model_code,
      bodyTypeCode: w.body_type_code,
      modelYear: w.model_year,
      ownerId: w.owner_id,
      registeredAt: new Date(w.registered_at),
    },
  };
}

export function toWireVehicleKey(key: VehicleKey): WireVehicleKey {
  return 'sequenceNumber' in key ? { sequence_number: key.sequenceNumber } : { custom_number: key.customNumber };
}
