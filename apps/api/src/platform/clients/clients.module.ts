import { Module } from '@nestjs/common';
import { ApiClientRepository } from './api-client.repository';
import { ClientsService } from './clients.service';

@Module({
  providers: [ApiClientRepository, ClientsService],
  exports: [ApiClientRepository, ClientsService],
})
export class ClientsModule {}
