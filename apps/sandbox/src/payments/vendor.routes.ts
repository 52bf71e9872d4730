import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from '@lib/common';
import { wireCheckoutRequestSchema, wireRefundRequestSchema } from '@lib/providers';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { cardFormPage, closedPage } from './card-form.page';
import { cardErrors, outcomeOf, type CardForm } from './test-cards';
import { presentVendorPayment, type VendorPaymentRecord } from './vendor-payment.store';

function requireApiKey(ctx: SandboxContext, request: FastifyRequest): void {
  if (request.headers.authorization !== `Bearer ${ctx.vendor.apiKey}`)
    throw new SandboxHttpError(401, 'unauthenticated', 'A valid vendor API key is required.');
}

function paymentOr404(ctx: SandboxContext, id: string): VendorPaymentRecord {
  const payment = ctx.vendor.payments.get(id);
  if (!payment) throw new SandboxHttpError(404, 'not_found', 'No such payment.');
  return payment;
}

function html(reply: FastifyReply, status: number, body: string, formTarget?: string) {
  const formAction = formTarget ? `'self' ${new URL(formTarget).origin}` : "'self'";
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

function returnUrl(p: VendorPaymentRecord): string {
  const url = new URL(p.return_url);
  url.searchParams.set('vendor_payment_id', p.id);
  return url.toString();
}

/**
 * The sandbox card payment vendor, on the sandbox's own origin: merchants open checkouts and read
 * payments with their API key; customers type card data into the vendor's page only; outcomes go to
 * the merchant as signed callbacks.
 */
export function registerVendorRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/vendor/checkouts', async (request, reply) => {
    requireApiKey(ctx, request);
    const input = parseOr422(wireCheckoutRequestSchema, request.body);
    if (Date.parse(input.expires_at) <= ctx.clock.now().getTime())
      throw SandboxHttpError.validation({ expires_at: ['The checkout would already be expired.'] });
    const payment = ctx.vendor.payments.open(input, ctx.clock.now());
    return reply.status(201).send({ ...presentVendorPayment(payment), checkout_url: `${ctx.baseUrl(request)}/vendor/checkout/${payment.id}` });
  });

  app.get<{ Params: { id: string } }>('/vendor/payments/:id', async (request) => {
    requireApiKey(ctx, request);
    return presentVendorPayment(paymentOr404(ctx, request.params.id));
  });

  app.post<{ Params: { id: string } }>('/vendor/payments/:id/refunds', async (request, reply) => {
    requireApiKey(ctx, request);
    const payment = paymentOr404(ctx, request.params.id);
    const input = parseOr422(wireRefundRequestSchema, request.body);
    if (ctx.vendor.refundFault) throw new SandboxHttpError(503, 'unavailable', 'The vendor cannot take refunds right now.');
    const outcome = ctx.vendor.payments.refund(payment.id, input, ctx.clock.now());
    if (!outcome.ok) throw new SandboxHttpError(409, outcome.code, outcome.message);
    return reply.status(outcome.again ? 200 : 201).send(outcome.refund);
  });

  app.get<{ Params: { id: string } }>('/vendor/payments/:id/refunds', async (request) => {
    requireApiKey(ctx, request);
    return { refunds: paymentOr404(ctx, request.params.id).refunds };
  });

  app.get<{ Params: { id: string } }>('/vendor/checkout/:id', async (request, reply) => {
    const payment = paymentOr404(ctx, request.params.id);
    if (payment.status !== 'pending') return reply.redirect(returnUrl(payment), 303);
    if (Date.parse(payment.expires_at) <= ctx.clock.now().getTime()) return html(reply, 410, closedPage(payment));
    return html(reply, 200, cardFormPage(payment), payment.return_url);
  });

  app.post<{ Params: { id: string } }>('/vendor/checkout/:id', async (request, reply) => {
    const payment = paymentOr404(ctx, request.params.id);
    if (payment.status !== 'pending') return reply.redirect(returnUrl(payment), 303);
    if (Date.parse(payment.expires_at) <= ctx.clock.now().getTime()) return html(reply, 410, closedPage(payment));
    const form = z.record(z.string(), z.string()).catch({}).parse(request.body) as CardForm;
    const errors = cardErrors(form, ctx.clock.now());
    if (Object.keys(errors).length) return html(reply, 422, cardFormPage(payment, errors, { name: form.name ?? '' }), payment.return_url);
    const { outcome, failureCode } = outcomeOf(form.card_number!);
    const settled = ctx.vendor.payments.settle(payment.id, outcome, failureCode, ctx.clock.now());
    ctx.vendor.callbacks.notify(settled);
    return reply.redirect(returnUrl(settled), 303);
  });

  /** Test controls: hold callbacks, then send them on demand (twice, concurrently, after the return...). */
  app.put('/__control/vendor', async (request) => {
    const input = parseOr422(
      z.strictObject({ callbacks: z.enum(['auto', 'hold']).optional(), refunds: z.enum(['ok', 'unavailable']).optional() }),
      request.body,
    );
    if (input.callbacks) ctx.vendor.callbacks.mode = input.callbacks;
    if (input.refunds) ctx.vendor.refundFault = input.refunds === 'unavailable';
    return { callbacks: ctx.vendor.callbacks.mode, refunds: ctx.vendor.refundFault ? 'unavailable' : 'ok' };
  });

  app.post<{ Params: { id: string } }>('/__control/vendor/payments/:id/callback', async (request) => {
    // On demand (a test's control): the merchant's answer is awaited as long as a test may, not a vendor's 10 s.
    const status = await ctx.vendor.callbacks.deliver(paymentOr404(ctx, request.params.id), false, 60_000);
    return { merchant_status: status };
  });

  app.get('/__control/vendor/callbacks', async () => ({ deliveries: ctx.vendor.callbacks.deliveries }));
}
