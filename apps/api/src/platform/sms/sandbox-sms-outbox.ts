import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { SmsSender } from './sms-sender';
import { SmsMessageRepository } from './sms-message.repository';

/** Sandbox: stores every SMS instead of sending it, so partners can read their test codes. */
@Injectable()
export class SandboxSmsOutbox extends SmsSender {
  constructor(
    private readonly messages: SmsMessageRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async send(clientId: string, phone: string, text: string): Promise<void> {
    await this.messages.store({ clientId, phone, text, createdAt: this.clock.now() });
  }

  list(clientId: string, phone: string | undefined, skip: number, take: number) {
    return this.messages.page(clientId, phone, skip, take);
  }
}
