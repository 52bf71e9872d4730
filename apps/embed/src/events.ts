import { apiBase } from './context';
import { tell } from './parent';
import { refreshCompare } from './screens/compare';
import { state } from './state';
import type { CompleteEvent, InsurerEvent } from '@shared/embed-page';

/** Offers as insurers answer (a session opened with Prefer: respond-async), from the session's event stream. */
export function follow(): void {
  if (typeof EventSource !== 'function') return;
  const source = new EventSource(apiBase + '/events');
  source.addEventListener('insurer', (e) => {
    const answer = JSON.parse(e.data as string) as InsurerEvent;
    const known = new Set(state.view.quotes.map((q) => q.quote_reference_id));
    for (const q of answer.quotes) if (!known.has(q.quote_reference_id)) state.view.quotes.push(q);
    // the stream starts with the answers the page already shows: known offers and insurers are skipped
    state.view.pending = state.view.pending.filter((code) => code !== answer.code);
    refreshCompare();
  });
  source.addEventListener('complete', (e) => {
    source.close();
    state.view.status = (JSON.parse(e.data as string) as CompleteEvent).status;
    state.view.pending = [];
    refreshCompare();
    tell('offers_complete', { offers: state.view.quotes.length });
  });
}
