import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpMotorProvider } from '@lib/providers';
import { OtpModule } from '../otp/otp.module';
import { MotorCustomerRepository } from './customers/motor-customer.repository';
import { GuidelineTextsController } from './guidelines/guideline-texts.controller';
import { VehicleLookupsController } from './lookups/vehicle-lookups.controller';
import { MOTOR_PROVIDER, MotorInsurers } from './motor-insurers';
import { QuoteOtpController } from './otp/quote-otp.controller';
import { QuoteRequestRepository } from './quotes/quote-request.repository';
import { QuoteRequestsController } from './quotes/quote-requests.controller';
import { RequestQuotesUseCase } from './quotes/request-quotes.use-case';

/** Motor price comparison: /api/v1/car-comp. */
@Module({
  imports: [OtpModule],
  controllers: [QuoteOtpController, VehicleLookupsController, GuidelineTextsController, QuoteRequestsController],
  providers: [
    { provide: MOTOR_PROVIDER, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new HttpMotorProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }) },
    MotorInsurers,
    MotorCustomerRepository,
    QuoteRequestRepository,
    RequestQuotesUseCase,
  ],
})
export class MotorModule {}
