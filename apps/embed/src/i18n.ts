import type { CoverType, FixType, Locale, PhotoPart } from '@shared/embed-page';

/** The page's texts in one language. Counts come as the number and as formatted for the locale (`f`). */
export interface Texts {
  title: string;
  subtitle(n: number, f: string): string;
  none: string;
  waiting(n: number, f: string): string;
  show: string;
  all: string;
  types: Record<CoverType, string>;
  fix: Record<Exclude<FixType, ''>, string>;
  from: string;
  choosePrice: string;
  deductible(v: string): string;
  noDeductible: string;
  included: string;
  addons: string;
  addonsCount(n: number, f: string): string;
  total: string;
  totalNone: string;
  vatNote: string;
  cont: string;
  back: string;
  checkout: string;
  company: string;
  cover: string;
  addonsChosen: string;
  none_: string;
  iban: string;
  ibanHint: string;
  ibanBad: string;
  photos: string;
  photosNeeded: string;
  photosOnFile: string;
  photosConfirm: string;
  photosReplace: string;
  photosUpload: string;
  photosUploaded: string;
  photosHint: string;
  parts: Record<PhotoPart, string>;
  sendCode: string;
  otpTitle: string;
  otpSent(phone: string): string;
  otp: string;
  otpBad: string;
  confirm: string;
  resend: string;
  resent: string;
  doneTitle: string;
  policy(id: string): string;
  pay: string;
  backToApp: string;
  expired: string;
  failed: string;
  busy: string;
  sar(v: string): string;
}

export const TEXTS: Record<Locale, Texts> = {
  en: {
    title: 'Compare car insurance offers',
    subtitle: (n, f) => (n === 1 ? '1 offer for your car' : f + ' offers for your car'),
    none: 'No insurer made an offer for this car. Please check the details with the page you came from.',
    waiting: (n, f) => (n === 1 ? 'Waiting for 1 more insurer…' : 'Waiting for ' + f + ' more insurers…'),
    show: 'Show',
    all: 'All',
    types: { Comprehensive: 'Comprehensive', 'TPL +': 'Third party plus', TPL: 'Third party' },
    fix: { Agency: 'Agency repair', workshop: 'Workshop repair' },
    from: 'from',
    choosePrice: 'Choose a price',
    deductible: (v) => 'Deductible ' + v,
    noDeductible: 'No deductible',
    included: 'Included',
    addons: 'Optional add-ons',
    addonsCount: (n) => (n === 1 ? '1 optional add-on: choose a price to see it' : n + ' optional add-ons: choose a price to see them'),
    total: 'Total',
    totalNone: 'Choose a price',
    vatNote: 'including VAT',
    cont: 'Continue',
    back: 'Back to offers',
    checkout: 'Your choice',
    company: 'Insurer',
    cover: 'Cover',
    addonsChosen: 'Add-ons',
    none_: 'None',
    iban: 'IBAN for refunds and claims',
    ibanHint: 'SA followed by 22 digits. It is only used to pay you; it is never charged.',
    ibanBad: 'Enter a valid Saudi IBAN: SA followed by 22 digits.',
    photos: 'Photos of your car',
    photosNeeded: 'Comprehensive cover needs five photos of your car.',
    photosOnFile: 'These photos were provided for your car:',
    photosConfirm: 'These are current photos of my car.',
    photosReplace: 'Use other photos',
    photosUpload: 'Upload photos',
    photosUploaded: 'Photos saved.',
    photosHint: 'JPEG or PNG, at most 3 MB each.',
    parts: { front: 'Front', back: 'Back', right: 'Right side', left: 'Left side', chassis: 'Chassis number (VIN)' },
    sendCode: 'Send verification code',
    otpTitle: 'Verify your purchase',
    otpSent: (p) => 'We sent a 4-digit code to ' + p + '.',
    otp: 'Verification code',
    otpBad: 'Enter the 4-digit code.',
    confirm: 'Confirm and get payment link',
    resend: 'Send a new code',
    resent: 'A new code was sent.',
    doneTitle: 'Your policy is ready for payment',
    policy: (id) => 'Policy number ' + id,
    pay: 'Pay now',
    backToApp: 'Return to the app',
    expired: 'This page has expired. Please start again from the previous page.',
    failed: 'Something went wrong. Please try again.',
    busy: 'Please wait…',
    sar: (v) => v + ' SAR',
  },
  ar: {
    title: 'قارن عروض تأمين السيارات',
    subtitle: (n, f) => (n === 1 ? 'عرض واحد لسيارتك' : 'عدد العروض لسيارتك: ' + f),
    none: 'لم تقدّم أي شركة تأمين عرضًا لهذه السيارة. يرجى مراجعة البيانات في الصفحة السابقة.',
    waiting: (_n, f) => 'بانتظار عروض شركات التأمين الأخرى: ' + f,
    show: 'عرض',
    all: 'الكل',
    types: { Comprehensive: 'شامل', 'TPL +': 'ضد الغير بلس', TPL: 'ضد الغير' },
    fix: { Agency: 'إصلاح في الوكالة', workshop: 'إصلاح في الورشة' },
    from: 'يبدأ من',
    choosePrice: 'اختر السعر',
    deductible: (v) => 'نسبة التحمل ' + v,
    noDeductible: 'بدون نسبة تحمل',
    included: 'مشمول',
    addons: 'إضافات اختيارية',
    addonsCount: (_n, f) => 'إضافات اختيارية (' + f + '): اختر سعرًا لعرضها',
    total: 'الإجمالي',
    totalNone: 'اختر سعرًا',
    vatNote: 'شامل ضريبة القيمة المضافة',
    cont: 'متابعة',
    back: 'العودة إلى العروض',
    checkout: 'اختيارك',
    company: 'شركة التأمين',
    cover: 'التغطية',
    addonsChosen: 'الإضافات',
    none_: 'لا يوجد',
    iban: 'رقم الآيبان للمبالغ المستردة والمطالبات',
    ibanHint: 'SA متبوعًا بـ 22 رقمًا. يُستخدم للدفع لك فقط ولا يُخصم منه أي مبلغ.',
    ibanBad: 'أدخل رقم آيبان سعوديًا صحيحًا: SA متبوعًا بـ 22 رقمًا.',
    photos: 'صور سيارتك',
    photosNeeded: 'يتطلب التأمين الشامل خمس صور لسيارتك.',
    photosOnFile: 'هذه الصور مقدّمة لسيارتك:',
    photosConfirm: 'هذه صور حديثة لسيارتي.',
    photosReplace: 'استخدام صور أخرى',
    photosUpload: 'رفع الصور',
    photosUploaded: 'تم حفظ الصور.',
    photosHint: 'بصيغة JPEG أو PNG، بحد أقصى 3 ميغابايت لكل صورة.',
    parts: { front: 'الأمام', back: 'الخلف', right: 'الجانب الأيمن', left: 'الجانب الأيسر', chassis: 'رقم الهيكل' },
    sendCode: 'إرسال رمز التحقق',
    otpTitle: 'تأكيد الشراء',
    otpSent: (p) => 'أرسلنا رمزًا من 4 أرقام إلى ' + p + '.',
    otp: 'رمز التحقق',
    otpBad: 'أدخل الرمز المكوّن من 4 أرقام.',
    confirm: 'تأكيد والحصول على رابط الدفع',
    resend: 'إرسال رمز جديد',
    resent: 'تم إرسال رمز جديد.',
    doneTitle: 'وثيقتك جاهزة للدفع',
    policy: (id) => 'رقم الوثيقة ' + id,
    pay: 'ادفع الآن',
    backToApp: 'العودة إلى التطبيق',
    expired: 'انتهت صلاحية هذه الصفحة. يرجى البدء من جديد من الصفحة السابقة.',
    failed: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
    busy: 'يرجى الانتظار…',
    sar: (v) => v + ' ر.س',
  },
};

/** The page's language and its number formats; amounts are counted in halalas (integer minor units), never floats. */
export interface Language {
  locale: Locale;
  T: Texts;
  /** A count in the locale's digits. */
  count(n: number): string;
  /** An amount in halalas as SAR with two decimals. */
  money(halalas: number): string;
  /** Names in a list: the Arabic comma in Arabic. */
  list(names: string[]): string;
}

export function language(locale: Locale): Language {
  const tag = locale === 'ar' ? 'ar-SA' : 'en-US';
  const numbers = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const counts = new Intl.NumberFormat(tag);
  const T = TEXTS[locale];
  return {
    locale,
    T,
    count: (n) => counts.format(n),
    money: (h) => T.sar(numbers.format(h / 100)),
    list: (names) => names.join(locale === 'ar' ? '، ' : ', '),
  };
}

/** An API amount (SAR, at most two decimals) in halalas. */
export const halalas = (amount: number): number => Math.round(amount * 100);
