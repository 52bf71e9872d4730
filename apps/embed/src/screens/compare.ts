import { count, list, locale, money, T } from '../context';
import { app, el, heading, show } from '../dom';
import { halalas } from '../i18n';
import { benefitName, minTotal, offerName, paidBenefits, state, total } from '../state';
import type { CoverType, Offer, Price } from '@shared/embed-page';
import { renderCheckout } from './checkout';

const TYPE_ORDER: CoverType[] = ['Comprehensive', 'TPL +', 'TPL'];

/** The offers grouped by cover type, cheapest first, with a filter when there is more than one type. */
export function renderCompare(): void {
  const quotes = state.view.quotes;
  const waiting = state.view.status === 'in_progress' ? state.view.pending.length : 0;
  const nodes: Node[] = [heading(T.title)];
  if (quotes.length || !waiting) nodes.push(el('p', { class: 'muted', text: quotes.length ? T.subtitle(quotes.length, count(quotes.length)) : T.none }));
  if (waiting) nodes.push(el('p', { class: 'muted', id: 'waiting', role: 'status', text: T.waiting(waiting, count(waiting)) }));
  const present = TYPE_ORDER.filter((t) => quotes.some((q) => q.type === t));
  if (present.length > 1) {
    const filters: Array<'all' | CoverType> = ['all', ...present];
    nodes.push(
      el(
        'fieldset',
        { class: 'filters' },
        el('legend', { text: T.show }),
        filters.map((t) =>
          el(
            'label',
            { class: 'chip' },
            el('input', {
              type: 'radio',
              name: 'filter',
              value: t,
              checked: state.filter === t,
              onchange: () => {
                state.filter = t;
                renderCompare();
                document.querySelector<HTMLInputElement>('input[name=filter][value="' + t + '"]')!.focus();
              },
            }),
            el('span', { text: t === 'all' ? T.all : T.types[t] }),
          ),
        ),
      ),
    );
  }
  for (const type of present.filter((t) => state.filter === 'all' || state.filter === t)) {
    const group = quotes.filter((q) => q.type === type).sort((a, b) => minTotal(a) - minTotal(b));
    const id = 'group-' + TYPE_ORDER.indexOf(type);
    nodes.push(
      el(
        'section',
        { 'aria-labelledby': id, 'data-type': type },
        el('h2', { id, text: T.types[type] + ' (' + count(group.length) + ')' }),
        group.map(renderOffer),
      ),
    );
  }
  nodes.push(renderSummary());
  show(nodes, false);
}

function renderOffer(o: Offer): HTMLElement {
  const selected = state.offer !== null && state.offer.quote_reference_id === o.quote_reference_id;
  const titleId = 'offer-' + o.quote_reference_id;
  const included = o.benefits.filter((b) => halalas(b.amount) === 0);
  const paid = paidBenefits(o);
  const sub = [
    o.type === 'Comprehensive' ? (locale === 'ar' ? o.insurance_type_display_ar : o.insurance_type_display) : null,
    o.fix_type ? T.fix[o.fix_type] : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const logo = o.square_company_logo_url || o.company_logo_url;
  return el(
    'article',
    { class: 'offer' + (selected ? ' selected' : ''), 'aria-labelledby': titleId, 'data-offer': o.quote_reference_id },
    el(
      'header',
      null,
      logo ? el('img', { src: logo, alt: '', width: 48, height: 48, decoding: 'async' }) : null,
      el('div', null, el('h3', { id: titleId, text: offerName(o) }), sub ? el('p', { class: 'muted', text: sub }) : null),
      el('p', { class: 'from' }, el('span', { class: 'muted', text: T.from + ' ' }), money(minTotal(o))),
    ),
    el(
      'fieldset',
      null,
      el('legend', { text: T.choosePrice }),
      o.prices
        .slice()
        .sort((a, b) => halalas(a.total) - halalas(b.total))
        .map((p) =>
          el(
            'label',
            { class: 'option' },
            el('input', {
              type: 'radio',
              name: 'price',
              value: p.quote_price_id,
              checked: state.price !== null && state.price.quote_price_id === p.quote_price_id,
              onchange: () => pick(o, p),
            }),
            el('span', { text: p.deductible === null ? T.noDeductible : T.deductible(money(halalas(p.deductible))) }),
            el('span', { class: 'amount', text: money(halalas(p.total)) }),
          ),
        ),
    ),
    included.length ? el('p', { class: 'included' }, el('span', { class: 'sr-only', text: T.included + ': ' }), '✓ ' + list(included.map(benefitName))) : null,
    // add-ons only for the chosen offer: a phone-length list stays readable
    paid.length && !selected ? el('p', { class: 'hint', text: T.addonsCount(paid.length, count(paid.length)) }) : null,
    paid.length && selected
      ? el(
          'fieldset',
          null,
          el('legend', { text: T.addons }),
          paid.map((b) =>
            el(
              'label',
              { class: 'option' },
              el('input', {
                type: 'checkbox',
                value: b.quote_benefit_id,
                checked: state.benefits[b.quote_benefit_id],
                onchange: (e) => {
                  state.benefits[b.quote_benefit_id] = (e.target as HTMLInputElement).checked;
                  updateSummary();
                },
              }),
              el('span', { text: benefitName(b) }),
              el('span', { class: 'amount', text: '+ ' + money(halalas(b.amount) + halalas(b.vat)) }),
            ),
          ),
        )
      : null,
  );
}

/** Choosing a price of another offer redraws the list (its add-ons open); another price of the same offer only the total. */
function pick(offer: Offer, price: Price): void {
  const changed = !state.offer || state.offer.quote_reference_id !== offer.quote_reference_id;
  if (changed) state.benefits = {};
  state.offer = offer;
  state.price = price;
  if (changed) {
    renderCompare();
    document.querySelector<HTMLInputElement>('input[name=price][value="' + price.quote_price_id + '"]')?.focus();
  } else updateSummary();
}

function renderSummary(): HTMLElement {
  const t = total();
  return el(
    'div',
    { class: 'summary' },
    el(
      'div',
      { 'aria-live': 'polite', id: 'summary' },
      el('div', { class: 'muted', text: t === null ? T.totalNone : T.total + ' (' + T.vatNote + ')' }),
      el('div', { class: 'total', id: 'total', text: t === null ? '' : money(t) }),
    ),
    el(
      'button',
      {
        type: 'button',
        id: 'continue',
        disabled: t === null,
        onclick: () => {
          state.step = 'checkout';
          renderCheckout(backToOffers);
        },
      },
      T.cont,
    ),
  );
}

function updateSummary(): void {
  app().querySelector('.summary')?.replaceWith(renderSummary());
}

/** From the checkout back to the list, the chosen price in focus. */
function backToOffers(): void {
  state.step = 'compare';
  renderCompare();
  document.querySelector<HTMLInputElement>('input[name=price]:checked')?.focus();
}

/** Redraws the offer list with what arrived, keeping the customer's place (the price radio in focus). */
export function refreshCompare(): void {
  if (state.step !== 'compare' || state.view.policy) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && active.name === 'price' ? active.value : null;
  renderCompare();
  if (focused) document.querySelector<HTMLInputElement>('input[name=price][value="' + focused + '"]')?.focus({ preventScroll: true });
}
