import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { SmsSender } from '../sms/sms-sender';
import { SandboxSmsOutbox } from '../sms/sandbox-sms-outbox';
import { SmsMessageRepository } from '../sms/sms-message.repository';
import { UnconfiguredSmsSender } from '../sms/unconfigured-sms-sender';
import { OtpRepository } from './otp.repository';
import { OtpService } from './otp.service';

@Module({
  providers: [
    OtpRepository,
    OtpService,
    SandboxSmsOutbox,
    SmsMessageRepository,
    {
      provide: SmsSender,
      inject: [APP_CONFIG, SandboxSmsOutbox],
      useFactory: (config: AppConfig, outbox: SandboxSmsOutbox) => (config.env === 'sandbox' ? outbox : new UnconfiguredSmsSender()),
    },
  ],
  exports: [OtpService, SandboxSmsOutbox],
})
export class OtpModule {}
