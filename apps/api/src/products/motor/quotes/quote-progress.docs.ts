import { QUOTE_REQUEST_EXAMPLE } from './quote-request.example';

/** OpenAPI texts of progressive quotes (Prefer: respond-async, the progress fields, the event stream). */

export const PROGRESS_FIELDS_DESCRIPTION =
  "The quote request object, plus two fields after the spec's ones: `status` — `in_progress` while insurers are still answering, `complete` once every " +
  'insurer answered or was cut off, or `failed` when no insurer quoted or declined (every one errored or timed out: what the synchronous call answers 502 for; ' +
  'the request then keeps its empty `quotes`) — and `insurers`, one entry per insurer asked, in listing order: `{code, state, offer_count, latency_ms}` with ' +
  '`state` `pending` (no answer yet; `latency_ms` null), `quoted`, `declined`, `failed` or `timeout`. `quotes` holds the offers received so far, each ' +
  'issuable as soon as it is listed, in the same order as the synchronous call gives (insurer order, not arrival order): a complete request reads exactly like one ' +
  'requested synchronously. A request whose instance stopped mid-way is completed at its deadline (the insurers still pending become `timeout`): by the next read, or by any running instance when the deadline comes.';

export const ASYNC_DESCRIPTION =
  '`Prefer: respond-async`: the rules, the OTP check and every 422 are as without it, but once the request is stored the answer is 202 at once, with ' +
  '`Preference-Applied: respond-async`, `Location` (the quote request) and the quote request object with `status: in_progress` and every insurer `pending`. ' +
  'Offers are stored as each insurer answers: `GET` the quote request (or its `/events` stream) to see them. ' +
  PROGRESS_FIELDS_DESCRIPTION;

export const EVENTS_DESCRIPTION =
  "A server-sent event stream (`text/event-stream`; in a browser, `EventSource`) of the calling client's quote request: one `insurer` event per insurer as it " +
  'answers (arrival order), then one `complete` event, then the stream ends (close your EventSource on `complete`, or it reconnects). Connecting late replays ' +
  'every answer so far first; any quote request can be followed, also one requested synchronously (its answers at once, then `complete`).\n\n' +
  '```\nid: 3\nevent: insurer\ndata: {"code":"naseem","state":"quoted","offer_count":2,"latency_ms":412,"quotes":[{"quote_reference_id":"...","prices":[...],...}]}\n\n' +
  'event: complete\ndata: {"id":42,"status":"complete","insurers":[{"code":"dune","state":"quoted","offer_count":3,"latency_ms":950},...]}\n```\n\n' +
  "`insurer` data: the insurer's `code`, `state` (`quoted`, `declined`, `failed`, `timeout`), `offer_count`, `latency_ms` and its offers in `quotes`, each " +
  'exactly as in the quote request object (issuable at once). `id` numbers the answers 1, 2, ...: reconnecting with `Last-Event-ID` sends only later ones. ' +
  '`complete` data: the request `id`, its final `status` (`complete` or `failed`, see Show Quote Request) and `insurers`. Lines starting with `:` are ' +
  "keep-alive comments. Another client's quote request is 404. The stream counts once against the route's rate limit, however long it stays open.";

const insurer = (code: string, state: string, offer_count: number, latency_ms: number | null) => ({ code, state, offer_count, latency_ms });

export const PROGRESS_EXAMPLE = {
  ...QUOTE_REQUEST_EXAMPLE,
  status: 'in_progress',
  insurers: [insurer('dune', 'quoted', 1, 950), insurer('palm', 'pending', 0, null), insurer('oryx', 'declined', 0, 610)],
};
