import { Module } from '@nestjs/common';
import { OtpModule } from '../otp/otp.module';
import { SandboxMessagesController } from './sandbox-messages.controller';

/** Mounted in sandbox mode only: in production GET /api/v1/sandbox/messages does not exist. */
@Module({ imports: [OtpModule], controllers: [SandboxMessagesController] })
export class SandboxMessagesModule {}
