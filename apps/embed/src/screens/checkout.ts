import { call, type Failure } from '../api';
import { T } from '../context';
import { busy, byId, clearErrors, el, field, heading, setError, show } from '../dom';
import { validIban } from '../iban';
import { choice, state } from '../state';
import { renderPhotos } from './photos';
import { renderOtp } from './otp';
import { selectionCard } from './selection-card';
import { showFailure } from './failure';

/** The payout IBAN and, for comprehensive cover, the car's photos; then the issue OTP is sent. */
export function renderCheckout(back: () => void): void {
  const comprehensive = choice().offer.type === 'Comprehensive';
  const iban = el('input', {
    type: 'text',
    name: 'iban',
    class: 'ltr',
    dir: 'ltr',
    autocomplete: 'off',
    spellcheck: 'false',
    inputmode: 'text',
    maxlength: 34,
    placeholder: 'SA0000000000000000000000',
    value: state.iban,
    oninput: (e) => {
      state.iban = (e.target as HTMLInputElement).value;
    },
  });
  const nodes: Node[] = [
    el('p', null, el('button', { type: 'button', class: 'link', onclick: back }, '‹ ' + T.back)),
    heading(T.checkout),
    selectionCard(),
    el('div', { class: 'alert', id: 'form-error', role: 'alert' }),
    field('iban', T.iban, iban, T.ibanHint),
  ];
  if (comprehensive) nodes.push(renderPhotos());
  nodes.push(el('div', { class: 'actions' }, el('button', { type: 'button', id: 'send-code', onclick: () => void sendCode() }, T.sendCode)));
  show(nodes);
}

async function sendCode(): Promise<void> {
  clearErrors();
  const iban = state.iban.replace(/\s+/g, '').toUpperCase();
  if (!validIban(iban)) {
    setError('iban', T.ibanBad);
    byId('iban')!.focus();
    return;
  }
  const { offer, price } = choice();
  const comprehensive = offer.type === 'Comprehensive';
  if (comprehensive && (!state.view.photos || state.replacing)) return showFailure({ body: { message: T.photosNeeded } });
  if (comprehensive && !state.confirmed) {
    setError('photos_confirmed', T.photosConfirm);
    byId('photos_confirmed')!.focus();
    return;
  }
  const button = byId<HTMLButtonElement>('send-code');
  busy(button, true);
  state.iban = iban;
  try {
    await call('POST', '/issue-otp', {
      quote_reference_id: offer.quote_reference_id,
      quote_price_id: price.quote_price_id,
      iban,
      photos_confirmed: comprehensive ? true : undefined,
    });
  } catch (err) {
    busy(button, false);
    return showFailure(err as Failure);
  }
  state.step = 'otp';
  renderOtp();
}
