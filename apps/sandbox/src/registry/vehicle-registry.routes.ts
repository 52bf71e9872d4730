import type { FastifyInstance } from 'fastify';
import { wireRegisterVehicleRequestSchema, type WireRegisteredVehicle } from '@lib/providers';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { vehicleCodeErrors } from './vehicle-codes';
import type { RegisteredVehicle } from './vehicle-registry.store';

function present(v: RegisteredVehicle, alreadyRegistered: boolean): WireRegisteredVehicle {
  return { ...v, already_registered: alreadyRegistered };
}

export function registerVehicleRegistryRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/registry/vehicles', async (request, reply) => {
    const input = parseOr422(wireRegisterVehicleRequestSchema, request.body);
    const errors = vehicleCodeErrors(input);
    if (input.model_year > ctx.clock.now().getUTCFullYear() + 1) errors.model_year = ['The model year may not be later than next year.'];
    if (Object.keys(errors).length > 0) throw SandboxHttpError.validation(errors);
    const { vehicle, created } = ctx.registry.register(input, ctx.clock.now());
    // Registering twice is how callers make sure a vehicle exists, so it is an answer, not an error.
    return reply.status(created ? 201 : 200).send(present(vehicle, !created));
  });

  app.get<{ Params: { customNumber: string } }>('/registry/vehicles/:customNumber', async (request) => {
    const vehicle = ctx.registry.find(request.params.customNumber);
    if (!vehicle) throw new SandboxHttpError(404, 'not_found', 'No vehicle is registered under this custom number.');
    return present(vehicle, true);
  });
}
