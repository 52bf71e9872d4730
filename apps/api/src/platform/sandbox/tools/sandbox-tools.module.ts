import { Module } from '@nestjs/common';
import { SandboxControl } from './sandbox-control';
import { SandboxInsurersController } from './sandbox-insurers.controller';
import { SandboxVehicleDocumentsController } from './sandbox-vehicle-documents.controller';
import { SandboxTestClocksController } from './sandbox-test-clocks.controller';
import { SandboxCompanyRegistryController } from './sandbox-company-registry.controller';
import { TestClockTool } from './test-clock-tool';

/**
 * Mounted in sandbox mode only (absent, so 404, in production): tools a partner drives from its own automated
 * tests with nothing but its credentials, each scoped to the calling client. The payment and webhook tools
 * live with what they drive (payments/sandbox, webhooks/sandbox): the platform imports nothing above it.
 */
@Module({
  controllers: [SandboxInsurersController, SandboxVehicleDocumentsController, SandboxTestClocksController, SandboxCompanyRegistryController],
  providers: [SandboxControl, TestClockTool],
})
export class SandboxToolsModule {}
