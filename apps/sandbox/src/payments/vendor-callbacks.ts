import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '@lib/common';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, type WireVendorCallback } from '@lib/providers';
import type { VendorPaymentRecord } from './vendor-payment.store';

export type CallbackMode = 'auto' | 'hold';

export interface CallbackDelivery {
  vendor_payment_id: string;
  event_id: string;
  status: number | null;
  at: string;
}

const RETRY_DELAYS_MS = [200, 1000];

/**
 * Server-to-server outcome notices, signed with the shared secret and timestamped. `auto` sends one
 * (retried on failure) after each outcome; `hold` sends none until a test asks, so tests can order
 * the callback against the customer's return, or send it twice.
 */
export class VendorCallbacks {
  mode: CallbackMode = 'auto';
  readonly deliveries: CallbackDelivery[] = [];

  constructor(
    private readonly secret: () => string,
    private readonly clock: Clock,
    private readonly lifecycle: AbortSignal,
  ) {}

  /** After an outcome: fire and forget, unless held. */
  notify(payment: VendorPaymentRecord): void {
    if (this.mode === 'hold') return;
    void this.deliver(payment, true);
  }

  /**
   * Sends one notice now (no retries) and answers the merchant's HTTP status, or null when unreachable or slower than
   * `timeoutMs` (a vendor's own wait; a test sending notices on demand may wait longer on a busy machine).
   */
  async deliver(payment: VendorPaymentRecord, retry = false, timeoutMs = 10_000): Promise<number | null> {
    const event: WireVendorCallback = {
      event_id: `evt_${randomBytes(10).toString('hex')}`,
      vendor_payment_id: payment.id,
      reference: payment.reference,
      status: payment.status,
    };
    const body = JSON.stringify(event);
    for (let attempt = 0; ; attempt++) {
      let status: number | null;
      try {
        const res = await fetch(payment.callback_url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [VENDOR_SIGNATURE_HEADER]: signVendorBody(this.secret(), body, Math.floor(this.clock.now().getTime() / 1000)),
          },
          body,
          signal: AbortSignal.any([this.lifecycle, AbortSignal.timeout(timeoutMs)]),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = null;
      }
      this.deliveries.push({ vendor_payment_id: payment.id, event_id: event.event_id, status, at: new Date().toISOString() });
      if (!retry || (status !== null && status < 500) || attempt >= RETRY_DELAYS_MS.length || this.lifecycle.aborted) return status;
      try {
        await delay(RETRY_DELAYS_MS[attempt], undefined, { signal: this.lifecycle });
      } catch {
        return status;
      }
    }
  }
}
