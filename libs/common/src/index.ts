// Every name by the module that declares it, not `export * from`: swc compiles a star re-export into one getter shared
// by all its names, which looks each one up by key (a megamorphic load V8 cannot inline) on every use. The quote path
// calls these helpers about two thousand times a request; through the stars each call cost about 60 ns more.
// eslint.config.mjs refuses `export *` here.
export { ApiError } from './errors/api-error';
export type { ErrorDetails } from './errors/api-error';
export { errorBody } from './errors/error-body';
export type { ErrorBody } from './errors/error-body';
export { ErrorCodes } from './errors/error-codes';
export type { ErrorCodeName } from './errors/error-codes';
export { Clock, HOUR_MS, MINUTE_MS, ManualClock, SystemClock } from './time/clock';
export { daysBetween, formatDate, formatDateTime, formatDateTimeOffset, formatNullableDateTime, parseDate } from './time/formats';
export { ageOn } from './time/age';
export { addMonths } from './time/months';
export { RealClock, TestClockAwareClock, currentTestClockFrame, withTestClockFrame } from './time/test-clock-scope';
export type { TestClockFrame } from './time/test-clock-scope';
export { CachedFor } from './time/cached-for';
export { VAT_PERCENT, amountNumber, amountString, money, sum, vatOn, withVat } from './money/money';
export type { Money } from './money/money';
export { amountField } from './money/amount-field';
export { halalasNumber, halalasOf, halalasOfNumber, halalasText, vatHalalas, withVatHalalas } from './money/halalas';
export type { Halalas } from './money/halalas';
export {
  beforeStartRefund,
  cancellationRefund,
  coolingOffRefund,
  coverMonths,
  periodDays,
  proRataRefund,
  shareOf,
  startsAfter,
  unusedDays,
} from './refunds/refund-rules';
export type { CancellationRefundInput, CoolingOff, CoverDays, Refund, RefundBasis } from './refunds/refund-rules';
export { allocateHalalas } from './money/allocate';
export { DEFAULT_PER_PAGE, LARGE_LIST_TOTAL_NOTE, MAX_PER_PAGE, pageQueryShape, pageSkip, pageWindow, toPage } from './pagination/page';
export type { Page, PageLink, PageRequest } from './pagination/page';
export { ARRAY_MAX_PER_PAGE, ARRAY_PAGE_HEADERS, ARRAY_PAGE_NOTE, arrayPageHeaders, arrayPageQueryShape } from './pagination/array-page';
export { DATE_RANGE_ORDER, dateRangeInOrder, dateRangeShape, dayBounds, dayQuery, includeAggregatesField } from './pagination/list-filters';
export type { CountAggregates, PriceAggregates } from './pagination/list-filters';
export { SECRET_KEYS, maskPersonal, maskPii } from './logging/mask';
export { fieldLabel, z } from './validation/z';
export { issuesToDetails, validationError } from './validation/issues';
export { crossFieldRules } from './validation/cross-field';
export type { CrossFieldRules } from './validation/cross-field';
export { MAX_INT4, digitString, emailField, intId, looseBoolean, wholeNumber } from './validation/fields';
export { MAX_INPUT_DEPTH, assertCleanInput, forbiddenCharacter, forbiddenTextMessage, textIssues, textIssuesToDetails } from './validation/text';
export type { TextIssue } from './validation/text';
export { PRODUCTS, PRODUCT_CODES, productId, productName, resolveProduct } from './products';
export type { ProductCode } from './products';
export {
  HIJRI_MAX_GREGORIAN,
  HIJRI_MAX_YEAR,
  HIJRI_MIN_GREGORIAN,
  HIJRI_MIN_YEAR,
  formatHijriDate,
  gregorianToHijri,
  hijriMonthLength,
  hijriToGregorian,
  isValidHijriDate,
  parseHijriDate,
} from './saudi/hijri';
export type { HijriDate } from './saudi/hijri';
export { isCommercialRegistration, isInternationalPhone, isSaudiMobile, isSaudiPersonId, isSponsorNumber, personIdKind } from './saudi/identity';
export type { PersonIdKind } from './saudi/identity';
export { ibanProblem, isValidSaudiIban, maskIban } from './saudi/iban';
export { isValidVin, vinCheckDigitValid, vinProblem } from './saudi/vin';
export { isShortAddress, parseShortAddress } from './saudi/address';
export type { ShortAddress } from './saudi/address';
export { hasArabicLetters, isArabicScriptText } from './saudi/script';
export { isZatcaVatNumber, parseZatcaQr, zatcaQrBase64 } from './saudi/zatca-qr';
export type { ZatcaQrFields } from './saudi/zatca-qr';
export {
  gregorianDateField,
  hijriDateField,
  internationalPhoneField,
  personIdField,
  personOrCompanyIdField,
  saudiIbanField,
  saudiMobileField,
  shortAddressField,
  vinField,
} from './saudi/fields';
export { birthdateOf } from './saudi/birthdate';
export { hasImageEnd } from './image-structure';
export { ISO_COUNTRY_CODES } from './countries';
export { CSV_BOM, csvField, csvValue } from './csv';
export {
  amountOut,
  amountTextOut,
  contractComponents,
  dateOut,
  dateTimeOut,
  errorShape,
  intIdOut,
  messageShape,
  paginated,
  requestBodySchema,
  responseContract,
  serializerSchema,
  shape,
  shapeId,
  uuidOut,
} from './contract/contract';
