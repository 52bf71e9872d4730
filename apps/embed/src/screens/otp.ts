import { call, type Failure } from '../api';
import { T } from '../context';
import { busy, byId, clearErrors, el, field, heading, setError, show } from '../dom';
import { choice, chosenBenefits, state } from '../state';
import type { Policy } from '@shared/embed-page';
import { renderDone } from './done';
import { showFailure } from './failure';
import { selectionCard } from './selection-card';

/** The issue OTP texted to the customer's phone (masked here), a new code on request, then the policy. */
export function renderOtp(): void {
  const otp = el('input', {
    type: 'text',
    name: 'otp',
    class: 'ltr',
    dir: 'ltr',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: 4,
    pattern: '[0-9]{4}',
  });
  show([
    heading(T.otpTitle),
    // the masked number stays left to right inside Arabic text
    el('p', { id: 'otp-sent', text: T.otpSent('\u2066' + state.view.phone + '\u2069') }),
    selectionCard(),
    el('div', { class: 'alert', id: 'form-error', role: 'alert' }),
    field('otp', T.otp, otp, null),
    el('p', { class: 'muted', role: 'status', id: 'otp-status', text: '' }),
    el(
      'div',
      { class: 'actions' },
      el('button', { type: 'button', id: 'confirm', onclick: () => void issue() }, T.confirm),
      el('button', { type: 'button', class: 'secondary', id: 'resend', onclick: () => void resend() }, T.resend),
    ),
  ]);
  otp.focus();
}

async function resend(): Promise<void> {
  clearErrors();
  const { offer, price } = choice();
  const button = byId<HTMLButtonElement>('resend');
  busy(button, true);
  try {
    await call('POST', '/issue-otp', {
      quote_reference_id: offer.quote_reference_id,
      quote_price_id: price.quote_price_id,
      iban: state.iban,
      photos_confirmed: offer.type === 'Comprehensive' ? true : undefined,
    });
  } catch (err) {
    busy(button, false);
    return showFailure(err as Failure);
  }
  busy(button, false);
  byId('otp-status')!.textContent = T.resent;
}

async function issue(): Promise<void> {
  clearErrors();
  const code = byId<HTMLInputElement>('otp')!.value.trim();
  if (!/^\d{4}$/.test(code)) {
    setError('otp', T.otpBad);
    byId('otp')!.focus();
    return;
  }
  const { offer, price } = choice();
  const button = byId<HTMLButtonElement>('confirm');
  busy(button, true);
  const benefits = chosenBenefits().map((b) => b.quote_benefit_id);
  let policy: Policy;
  try {
    policy = await call<Policy>('POST', '/policies', {
      otp: code,
      quote_reference_id: offer.quote_reference_id,
      quote_price_id: price.quote_price_id,
      benefits: benefits.length ? benefits : undefined,
    });
  } catch (err) {
    busy(button, false);
    return showFailure(err as Failure);
  }
  state.view.policy = policy;
  renderDone(policy, true);
}
