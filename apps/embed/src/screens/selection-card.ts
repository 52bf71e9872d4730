import { list, money, T } from '../context';
import { el } from '../dom';
import { halalas } from '../i18n';
import { benefitName, choice, chosenBenefits, offerName, total } from '../state';

/** The customer's choice as the checkout and OTP screens repeat it: insurer, cover, add-ons, total. */
export function selectionCard(): HTMLElement {
  const { offer, price } = choice();
  const chosen = chosenBenefits();
  return el(
    'div',
    { class: 'card' },
    el(
      'dl',
      null,
      el('dt', { text: T.company }),
      el('dd', { text: offerName(offer) }),
      el('dt', { text: T.cover }),
      el('dd', { text: T.types[offer.type] + (price.deductible === null ? '' : ' · ' + T.deductible(money(halalas(price.deductible)))) }),
      el('dt', { text: T.addonsChosen }),
      el('dd', { text: chosen.length ? list(chosen.map(benefitName)) : T.none_ }),
      el('dt', { text: T.total }),
      el('dd', { id: 'checkout-total', text: money(total()!) }),
    ),
  );
}
