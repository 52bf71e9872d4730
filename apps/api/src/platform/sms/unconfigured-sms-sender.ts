import { ApiError } from '@lib/common';
import { SmsSender } from './sms-sender';

/** Production without an SMS gateway: OTP flows answer 503 rather than pretending to send. */
export class UnconfiguredSmsSender extends SmsSender {
  async send(): Promise<void> {
    throw new ApiError('NOT_READY', 'No SMS gateway is configured, so one-time codes cannot be sent.');
  }
}
