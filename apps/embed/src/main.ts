// The embedded motor comparison page's script (served at /embed/assets/embed.js, built by Vite into one file with
// no imports: apps/embed/vite.config.ts). It renders the offers inlined in the HTML, then walks the customer through
// price, add-ons, payout IBAN, photos, issue OTP and payment link, speaking only to this session's own endpoints
// (the URL token is the key). No innerHTML, no eval, no inline script: the page's CSP allows only 'self'.
import './embed.css';
import { data } from './context';
import { app } from './dom';
import { follow } from './events';
import { tell } from './parent';
import { renderCompare } from './screens/compare';
import { renderDone } from './screens/done';
import { openState, state } from './state';

function start(): void {
  if (typeof ResizeObserver === 'function') {
    let last = 0;
    new ResizeObserver(() => {
      // the content's own height (the document's would never shrink below the frame's)
      const height = Math.ceil(app().getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        tell('resize', { height });
      }
    }).observe(document.body);
  }
  if (data.state === 'expired') return tell('expired', {});
  if (data.state !== 'open') return;
  openState(data.view);
  if (state.view.policy) renderDone(state.view.policy, false);
  else {
    renderCompare();
    // lets the partner (and our browser test) measure first render of the offers
    window.performance?.mark?.('embed-offers-rendered');
  }
  tell('ready', { offers: state.view.quotes.length });
  if (state.view.status === 'in_progress' && !state.view.policy) follow();
}

start();
