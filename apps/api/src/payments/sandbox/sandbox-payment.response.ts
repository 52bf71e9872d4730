import { shape, z } from '@lib/common';
import { PAYMENT_EXAMPLE, paymentShape } from '../payment.response';
import { TEST_CARD_OUTCOMES, type TestCardOutcome } from './headless-payment';

const OUTCOMES = Object.keys(TEST_CARD_OUTCOMES) as [TestCardOutcome, ...TestCardOutcome[]];

/** The test card outcome that was played, and the payment record after the attempt. */
export const sandboxPaymentAttemptShape = shape(
  'SandboxPaymentAttempt',
  z
    .object({
      outcome: z.enum(OUTCOMES),
      /** `paid`, or `failed` with `failure_code` (the same link can be paid again). */
      payment: paymentShape,
    })
    .meta({ example: { outcome: 'paid', payment: PAYMENT_EXAMPLE } }),
);
export type SandboxPaymentAttemptOut = z.output<typeof sandboxPaymentAttemptShape>;
