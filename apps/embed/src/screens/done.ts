import { count, money, platform, T } from '../context';
import { el, heading, show } from '../dom';
import { halalas } from '../i18n';
import { tell } from '../parent';
import { state } from '../state';
import type { Policy } from '@shared/embed-page';

/** The last screen: the policy waiting for payment, its payment link and, in an app's WebView, the way back to the app. */
export function renderDone(policy: Policy, announce: boolean): void {
  const nodes: Node[] = [heading(T.doneTitle), el('p', { class: 'muted', id: 'policy-number', text: T.policy(count(policy.id).replace(/[,٬]/g, '')) })];
  if (policy.price !== null) nodes.push(el('p', { class: 'price', text: money(halalas(policy.price)) }));
  const actions = el('div', { class: 'actions' });
  if (policy.payment_link) {
    actions.appendChild(
      el('a', { class: 'button', id: 'pay', href: policy.payment_link, target: platform === 'web' ? '_blank' : '_self', rel: 'noopener noreferrer' }, T.pay),
    );
  }
  const link = state.view.session.deep_link;
  if (platform === 'webview' && link) {
    const query =
      'policy_id=' +
      encodeURIComponent(policy.id) +
      '&status=' +
      encodeURIComponent(policy.status) +
      (policy.payment_link ? '&payment_link=' + encodeURIComponent(policy.payment_link) : '');
    actions.appendChild(el('a', { class: 'button secondary', id: 'back-to-app', href: link + (link.includes('?') ? '&' : '?') + query }, T.backToApp));
  }
  nodes.push(actions);
  show([el('div', { class: 'done' }, nodes)]);
  if (announce) {
    tell('policy_issued', {
      policy: { id: policy.id, status: policy.status, price: policy.price, payment_link: policy.payment_link, created_at: policy.created_at },
    });
  }
}

export function renderExpired(): void {
  show([heading(T.expired)]);
  tell('expired', {});
}
