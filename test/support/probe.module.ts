import { Body, Controller, Delete, Get, HttpCode, Module, Param, Post, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError, z } from '../../libs/common/src';
import { RateLimit } from '../../libs/http/src';
import { CurrentPartner, PartnerApi } from '../../apps/api/src/platform/auth/partner-api.decorator';
import type { Partner } from '../../apps/api/src/platform/auth/partner';

/**
 * Test-only routes that exercise the real guards, interceptors, validation and error layer
 * before product routes exist. `calls` counts how often a handler body really ran.
 */
export const probeCalls = { things: 0 };

/**
 * Named gates a probe request can be parked on (`?gate=name`) until the test opens them: the test knows the
 * request is inside its handler (`entered`) and keeps it there as long as it needs, without guessing a delay.
 */
class ProbeGates {
  private readonly gates = new Map<string, { entered: () => void; open: () => void; hasEntered: Promise<void>; isOpen: Promise<void> }>();

  private gate(name: string) {
    let g = this.gates.get(name);
    if (!g) {
      let entered!: () => void;
      let open!: () => void;
      const hasEntered = new Promise<void>((r) => (entered = r));
      const isOpen = new Promise<void>((r) => (open = r));
      g = { entered, open, hasEntered, isOpen };
      this.gates.set(name, g);
    }
    return g;
  }

  /** Resolves once a request has reached the gate. */
  entered(name: string): Promise<void> {
    return this.gate(name).hasEntered;
  }

  open(name: string): void {
    this.gate(name).open();
  }

  async pass(name: string): Promise<void> {
    const g = this.gate(name);
    g.entered();
    await g.isOpen;
  }
}

export const probeGates = new ProbeGates();

const thingSchema = z.strictObject({
  name: z.string().min(1).max(50),
  owner_id: z.string().regex(/^[12]\d{9}$/, 'The owner id must be 10 digits starting with 1 or 2.'),
  drivers: z.array(z.strictObject({ driving_percentage: z.number().int().min(25) })).optional(),
});

const slowQuery = z.strictObject({ delay_ms: z.coerce.number().int().min(0).max(5000).default(0), gate: z.string().max(50).optional() });

@PartnerApi('motor-tpl')
// test-only routes: not part of the partner API's document (nor held to it)
@ApiExcludeController()
@Controller('api/v1/probe')
class ProbeController {
  @Get('ping')
  ping(@CurrentPartner() partner: Partner) {
    return { ok: true, client_id: partner.clientId };
  }

  @Post('things')
  async create(@Body({ schema: thingSchema }) body: z.infer<typeof thingSchema>, @Query({ schema: slowQuery }) q: z.infer<typeof slowQuery>) {
    probeCalls.things += 1;
    const n = probeCalls.things;
    if (q.delay_ms) await new Promise((r) => setTimeout(r, q.delay_ms));
    if (q.gate) await probeGates.pass(q.gate);
    return { id: n, name: body.name };
  }

  @Post('limited')
  @RateLimit('POST /car/policies')
  limited() {
    return { ok: true };
  }

  @Get('boom')
  boom(): never {
    throw new Error('internal detail: password=hunter2 at db.ts:42');
  }

  @Post('flaky')
  flaky(): never {
    probeCalls.things += 1;
    throw new Error('flaky failure');
  }

  @Get('provider-down')
  providerDown(): never {
    throw new ApiError('PROVIDER_FAILED');
  }

  @Delete('things/:id')
  @HttpCode(204)
  remove(@Param('id') _id: string) {
    return undefined;
  }

  @Get('lookup')
  lookup(@Query('owner_id') ownerId: string, @Req() req: FastifyRequest) {
    req.log.info(`looking up owner ${ownerId} with phone 0512345678 and iban SA0380000000608010167519`);
    return { found: false };
  }
}

@PartnerApi()
@ApiExcludeController()
@Controller('api/v1/probe-open')
class OpenProbeController {
  @Get()
  open() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController, OpenProbeController] })
export class ProbeModule {}
