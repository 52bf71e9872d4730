import { paymentAt } from './payment.repository';

const expiresAt = new Date('2026-12-02T10:00:00.000Z');
const before = new Date('2026-12-02T09:59:59.999Z');
const now = new Date('2026-12-02T10:00:00.000Z');
const payment = (status: string, updatedAt = new Date('2026-12-01T10:00:00.000Z')) => ({ status, expiresAt, updatedAt });

describe('paymentAt: a payment as every read answers it', () => {
  it.each([
    ['pending', before, 'pending'],
    ['failed', before, 'failed'],
    ['pending', now, 'expired'],
    ['failed', now, 'expired'],
    ['paid', now, 'paid'],
    ['cancelled', now, 'cancelled'],
    ['refunded', now, 'refunded'],
    ['expired', now, 'expired'],
  ])('%s read at %s is %s', (status, at, answered) => {
    expect(paymentAt(payment(status), at).status).toBe(answered);
  });

  it('answers a payment that has not lapsed as it is, and a lapsed one changed at its expiry', () => {
    const open = payment('pending');
    expect(paymentAt(open, before)).toBe(open);
    expect(paymentAt(open, now)).toEqual({ ...open, status: 'expired', updatedAt: expiresAt });
    expect(open.status).toBe('pending');
    // a change stored after the expiry (a checkout that failed late) stays the latest change
    const late = new Date('2026-12-02T10:05:00.000Z');
    expect(paymentAt(payment('failed', late), late).updatedAt).toBe(late);
  });
});
