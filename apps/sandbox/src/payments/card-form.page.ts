import type { VendorPaymentRecord } from './vendor-payment.store';

const TEXT = {
  en: {
    title: 'Card payment',
    amount: 'Amount',
    card_number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Pay',
    sandbox: 'Sandbox payment vendor: use a sandbox test card (listed in docs/payments.md). No real card is ever charged.',
    errors: {
      invalid_number: 'The card number is not valid.',
      invalid_expiry: 'Enter the expiry as MM/YY.',
      expired_card: 'The card has expired.',
      invalid_cvc: 'The CVC is 3 or 4 digits.',
      required: 'Required.',
    } as Record<string, string>,
    closed: 'This checkout is closed.',
  },
  ar: {
    title: 'الدفع بالبطاقة',
    amount: 'المبلغ',
    card_number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق',
    name: 'الاسم على البطاقة',
    pay: 'ادفع',
    sandbox: 'بوابة دفع تجريبية: استخدم بطاقة اختبار من وثائق البيئة التجريبية (docs/payments.md). لا يتم خصم أي بطاقة حقيقية.',
    errors: {
      invalid_number: 'رقم البطاقة غير صحيح.',
      invalid_expiry: 'أدخل تاريخ الانتهاء بصيغة شهر/سنة.',
      expired_card: 'انتهت صلاحية البطاقة.',
      invalid_cvc: 'رمز التحقق من 3 أو 4 أرقام.',
      required: 'مطلوب.',
    } as Record<string, string>,
    closed: 'عملية الدفع هذه مغلقة.',
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The vendor-hosted card form: the only page that ever sees a card number, posting to the vendor itself. */
export function cardFormPage(p: VendorPaymentRecord, errors: Record<string, string> = {}, values: Record<string, string> = {}): string {
  const t = TEXT[p.locale];
  const field = (name: 'card_number' | 'expiry' | 'cvc' | 'name', attrs: string) => `
    <label>${t[name]}<input name="${name}" ${attrs} value="${name === 'name' ? esc(values.name ?? '') : ''}" dir="ltr">
    ${errors[name] ? `<span class="err" role="alert">${t.errors[errors[name]] ?? errors[name]}</span>` : ''}</label>`;
  return `<!doctype html>
<html lang="${p.locale}" dir="${p.locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#1d2433}
label{display:block;margin:12px 0;font-size:14px}input{display:block;width:100%;padding:10px;font-size:16px;box-sizing:border-box;margin-top:4px}
button{width:100%;padding:12px;font-size:16px;background:#1d2433;color:#fff;border:0;border-radius:6px}.err{color:#b3261e;font-size:13px}
.note{font-size:12px;color:#666}.amount{font-size:20px;font-weight:600}</style></head>
<body><h1>${t.title}</h1>
<p>${t.amount}: <span class="amount"><bdi>${esc(p.amount)} ${esc(p.currency)}</bdi></span></p>
<p>${esc(p.description)}</p>
<form method="post" action="/vendor/checkout/${esc(p.id)}" autocomplete="off">
${field('card_number', 'inputmode="numeric" autocomplete="cc-number" required')}
${field('expiry', 'placeholder="MM/YY" autocomplete="cc-exp" required')}
${field('cvc', 'inputmode="numeric" autocomplete="cc-csc" required')}
${field('name', 'autocomplete="cc-name" required')}
<button type="submit">${t.pay} <bdi>${esc(p.amount)} ${esc(p.currency)}</bdi></button></form>
<p class="note">${t.sandbox}</p></body></html>`;
}

export function closedPage(p: VendorPaymentRecord): string {
  return `<!doctype html><html lang="${p.locale}"><head><meta charset="utf-8"><title>${TEXT[p.locale].title}</title></head><body><p>${TEXT[p.locale].closed}</p></body></html>`;
}
