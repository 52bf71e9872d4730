/**
 * Why a payment link was withdrawn (status `cancelled`) or money the vendor confirmed was given back
 * (status `refunded`, and each refund's `reason`). The codes are the API's; the sentences are what the
 * customer's return page, `GET /payments` and the console say.
 */
export const PAYMENT_STATUS_REASONS = {
  policy_cancelled: {
    en: 'The policy was cancelled before this payment was completed.',
    ar: 'أُلغيت الوثيقة قبل إتمام هذه الدفعة.',
  },
  replaced: {
    en: 'A newer payment link replaced this one.',
    ar: 'استُبدل رابط الدفع هذا برابط أحدث.',
  },
  policy_changed: {
    en: 'What this payment was for changed after the link was made (a policy it covered was cancelled or re-priced).',
    ar: 'تغيّر ما تغطيه هذه الدفعة بعد إنشاء الرابط (أُلغيت وثيقة أو أعيد تسعيرها).',
  },
  lapsed: {
    en: 'The policy lapsed unpaid before this payment was completed.',
    ar: 'انتهت صلاحية الوثيقة دون دفع قبل إتمام هذه الدفعة.',
  },
  already_paid: {
    en: 'The policy had already been paid by another payment.',
    ar: 'سبق دفع قيمة الوثيقة بدفعة أخرى.',
  },
  amount_mismatch: {
    en: 'The amount charged did not match the amount due.',
    ar: 'المبلغ المخصوم لا يطابق المبلغ المستحق.',
  },
  not_payable: {
    en: 'The policy could no longer be paid for.',
    ar: 'لم يعد بالإمكان دفع قيمة الوثيقة.',
  },
} as const;

export type PaymentStatusReason = keyof typeof PAYMENT_STATUS_REASONS;
export const PAYMENT_STATUS_REASON_CODES = Object.keys(PAYMENT_STATUS_REASONS) as PaymentStatusReason[];

export function reasonText(code: string | null | undefined, lang: 'en' | 'ar' = 'en'): string | null {
  if (!code) return null;
  return (PAYMENT_STATUS_REASONS as Record<string, { en: string; ar: string }>)[code]?.[lang] ?? PAYMENT_STATUS_REASONS.not_payable[lang];
}

/** Whether confirmed money can still be applied to what the payment was for, and if not, why. */
export type Payability = { payable: true } | { payable: false; reason: PaymentStatusReason };
