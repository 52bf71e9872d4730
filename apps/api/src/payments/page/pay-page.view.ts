import { randomBytes } from 'node:crypto';
import type { Money } from '@lib/common';
import type { PaidPolicyDescription } from '../policy-activators';
import { reasonText } from '../payment-status-reasons';
import { PAY_PAGE_TEXT, PageLang } from './pay-page.i18n';

export type PayPageState =
  | { kind: 'open'; description: PaidPolicyDescription; expiresAt: Date; failureCode?: string | null; unavailable?: boolean }
  | { kind: 'cancelled' | 'refunded'; reason: string | null }
  | { kind: 'paid' | 'expired' | 'not_found' | 'pending' };

export interface RenderedPage {
  html: string;
  csp: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (s: string, vars: Record<string, string>) => s.replace(/%\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

function amount(m: Money, lang: PageLang): string {
  const n = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(m.toFixed(2)));
  // Amounts keep their own direction inside Arabic sentences.
  return `<bdi>${esc(n)} ${PAY_PAGE_TEXT[lang].sar}</bdi>`;
}

function riyadhTime(d: Date, lang: PageLang): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(d);
}

/**
 * The hosted payment page: server-rendered, unbranded, no script at all, styles allowed by nonce only.
 * `checkoutOrigin` (the vendor) is the only other place a form here may lead to.
 */
export function renderPayPage(state: PayPageState, lang: PageLang, token: string, checkoutOrigin: string): RenderedPage {
  const t = PAY_PAGE_TEXT[lang];
  const nonce = randomBytes(16).toString('base64');
  const other: PageLang = lang === 'ar' ? 'en' : 'ar';
  const base = `/pay/${encodeURIComponent(token)}`;
  let heading: string = t.title;
  let body: string;
  switch (state.kind) {
    case 'open': {
      const d = state.description;
      const failure = state.failureCode ? `<p class="alert" role="alert">${esc(t.failed[state.failureCode] ?? t.failed.default)}</p>` : '';
      const down = state.unavailable ? `<p class="alert" role="alert">${esc(t.unavailable)}</p>` : '';
      body = `${failure}${down}
<p>${esc(t.paying_for)}</p>
<table>
<tr><th>${esc(t.product)}</th><td data-testid="product">${esc(lang === 'ar' ? d.productAr : d.productEn)}</td></tr>
<tr><th>${esc(t.insurer)}</th><td data-testid="insurer">${esc(lang === 'ar' ? d.insurerAr : d.insurerEn)}</td></tr>
<tr><th>${esc(t.subtotal)}</th><td data-testid="subtotal">${amount(d.subtotal, lang)}</td></tr>
<tr><th>${esc(fill(t.vat, { percent: d.vatPercent }))}</th><td data-testid="vat">${amount(d.vat, lang)}</td></tr>
<tr class="total"><th>${esc(t.total)}</th><td data-testid="total">${amount(d.total, lang)}</td></tr>
</table>
<form method="post" action="${base}/checkout"><input type="hidden" name="lang" value="${lang}">
<button type="submit">${esc(state.failureCode ? t.try_again : t.pay)} · ${amount(d.total, lang)}</button></form>
<p class="note">${esc(t.card_note)}</p>
<p class="note">${esc(t.expires).replace('%{at}', `<bdi>${esc(riyadhTime(state.expiresAt, lang))}</bdi>`)}</p>`;
      break;
    }
    case 'paid':
      heading = t.paid_title;
      body = `<p>${esc(t.paid)}</p>`;
      break;
    case 'expired':
      heading = t.expired_title;
      body = `<p>${esc(t.expired)}</p>`;
      break;
    case 'not_found':
      heading = t.not_found_title;
      body = `<p>${esc(t.not_found)}</p>`;
      break;
    case 'refunded':
      heading = t.refunded_title;
      body = `<p data-testid="refunded">${esc(t.refunded)}</p><p data-testid="reason">${esc(reasonText(state.reason ?? 'not_payable', lang)!)}</p><p class="note">${esc(t.refund_note)}</p>`;
      break;
    case 'cancelled':
      heading = t.cancelled_title;
      body = `<p data-testid="reason">${esc(reasonText(state.reason ?? 'not_payable', lang)!)}</p><p>${esc(t.cancelled)}</p>`;
      break;
    case 'pending':
      heading = t.pending_title;
      body = `<p>${esc(t.pending)}</p><p><a href="${base}?lang=${lang}">${esc(t.reload)}</a></p>`;
      break;
  }
  const html = `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(heading)}</title>
<style nonce="${nonce}">body{font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;max-width:480px;margin:32px auto;padding:0 16px;color:#1d2433}
table{width:100%;border-collapse:collapse;margin:12px 0}th,td{padding:8px 0;border-bottom:1px solid #e3e6ec;text-align:start}td{text-align:end}
.total th,.total td{font-weight:700;font-size:18px}button{width:100%;padding:14px;font-size:16px;background:#1d2433;color:#fff;border:0;border-radius:6px;cursor:pointer}
.note{font-size:13px;color:#5b6475}.alert{background:#fdecea;color:#8c1d18;padding:10px;border-radius:6px}.lang{float:inline-end;font-size:14px}</style></head>
<body><a class="lang" href="${base}?lang=${other}" hreflang="${other}" lang="${other}">${esc(t.language)}</a>
<h1>${esc(heading)}</h1>
${body}
</body></html>`;
  const csp = ["default-src 'none'", `style-src 'nonce-${nonce}'`, `form-action 'self' ${checkoutOrigin}`, "frame-ancestors 'none'", "base-uri 'none'"].join(
    '; ',
  );
  return { html, csp };
}
