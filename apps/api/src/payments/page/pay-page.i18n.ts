export type PageLang = 'en' | 'ar';

/** The payment page's words in English and Arabic (the page is unbranded: no service or partner name). */
export const PAY_PAGE_TEXT = {
  en: {
    title: 'Payment',
    paying_for: 'You are paying for',
    product: 'Product',
    insurer: 'Insurer',
    subtotal: 'Premium before VAT',
    vat: 'VAT (%{percent}%)',
    total: 'Total',
    sar: 'SAR',
    expires: 'This payment link is valid until %{at} (Riyadh time).',
    pay: 'Pay with card',
    card_note: 'You will enter your card details on the secure page of our payment provider. They never reach us.',
    paid_title: 'Payment received',
    paid: 'Thank you. Your payment was received and your policy is active.',
    expired_title: 'Payment link expired',
    expired: 'This payment link has expired. Please ask for a new one.',
    not_found_title: 'Payment not found',
    not_found: 'This payment link is not valid.',
    failed: {
      card_declined: 'Your card was declined. Please try another card.',
      insufficient_funds: 'Your card was declined for insufficient funds. Please try another card.',
      processing_error: 'The payment provider could not process the payment. Please try again.',
      unknown_test_card: 'This card cannot be used here. Please try another card.',
      default: 'The payment did not go through. Please try again.',
    } as Record<string, string>,
    try_again: 'Try again',
    pending_title: 'Confirming your payment',
    pending: 'We are confirming your payment with the payment provider. Reload this page in a moment.',
    reload: 'Reload',
    unavailable: 'The payment provider is not available right now. Please try again in a few minutes.',
    refunded_title: 'Payment refunded',
    refunded: 'Your payment was refunded in full because:',
    refund_note: 'The money goes back to the card that paid, through our payment provider. Your bank may take a few days to show it.',
    cancelled_title: 'Payment link no longer valid',
    cancelled: 'Nothing can be paid on this link. If you still want the cover, please ask for a new one.',
    language: 'العربية',
  },
  ar: {
    title: 'الدفع',
    paying_for: 'أنت تدفع مقابل',
    product: 'المنتج',
    insurer: 'شركة التأمين',
    subtotal: 'القسط قبل ضريبة القيمة المضافة',
    vat: 'ضريبة القيمة المضافة (%{percent}٪)',
    total: 'الإجمالي',
    sar: 'ريال سعودي',
    expires: 'رابط الدفع هذا صالح حتى %{at} (بتوقيت الرياض).',
    pay: 'ادفع بالبطاقة',
    card_note: 'ستُدخل بيانات بطاقتك في الصفحة الآمنة لمزوّد الدفع، ولا تصل إلينا أبدًا.',
    paid_title: 'تم استلام الدفعة',
    paid: 'شكرًا لك. تم استلام دفعتك ووثيقتك سارية.',
    expired_title: 'انتهت صلاحية رابط الدفع',
    expired: 'انتهت صلاحية رابط الدفع هذا. يرجى طلب رابط جديد.',
    not_found_title: 'الدفعة غير موجودة',
    not_found: 'رابط الدفع هذا غير صالح.',
    failed: {
      card_declined: 'تم رفض بطاقتك. يرجى تجربة بطاقة أخرى.',
      insufficient_funds: 'تم رفض بطاقتك لعدم كفاية الرصيد. يرجى تجربة بطاقة أخرى.',
      processing_error: 'تعذّر على مزوّد الدفع إتمام العملية. يرجى المحاولة مرة أخرى.',
      unknown_test_card: 'لا يمكن استخدام هذه البطاقة هنا. يرجى تجربة بطاقة أخرى.',
      default: 'لم تتم عملية الدفع. يرجى المحاولة مرة أخرى.',
    } as Record<string, string>,
    try_again: 'حاول مرة أخرى',
    pending_title: 'جارٍ تأكيد دفعتك',
    pending: 'نقوم بتأكيد دفعتك مع مزوّد الدفع. أعد تحميل هذه الصفحة بعد لحظات.',
    reload: 'إعادة التحميل',
    unavailable: 'مزوّد الدفع غير متاح حاليًا. يرجى المحاولة بعد بضع دقائق.',
    refunded_title: 'تم استرداد الدفعة',
    refunded: 'تم استرداد دفعتك كاملة للسبب التالي:',
    refund_note: 'يعود المبلغ إلى البطاقة التي دفعت بها عبر مزوّد الدفع، وقد يستغرق ظهوره لدى مصرفك بضعة أيام.',
    cancelled_title: 'رابط الدفع لم يعد صالحًا',
    cancelled: 'لا يمكن الدفع عبر هذا الرابط. إذا كنت لا تزال ترغب في التغطية، يرجى طلب رابط جديد.',
    language: 'English',
  },
} as const;

/** ?lang= wins; otherwise the first of Accept-Language that we speak; English by default. */
export function pageLang(query: string | undefined, acceptLanguage: string | undefined): PageLang {
  if (query === 'ar' || query === 'en') return query;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('ar')) return 'ar';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
