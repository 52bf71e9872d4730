import type { FastifyInstance } from 'fastify';
import { PHOTO_PARTS, wirePhotoRequestSchema, type WirePhotoResponse, type WireVehicleKey } from '@lib/providers';
import { insurerOr404 } from '../insurers/insurer-or-404';
import { behaviourOf, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { checkPhoto, PhotoProblem } from './photo-check';

function vehicleKey(v: WireVehicleKey): string {
  return 'sequence_number' in v ? `seq:${v.sequence_number}` : `custom:${v.custom_number}`;
}

export function registerPhotoRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { code: string } }>('/insurers/:code/motor/photos', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'motor'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wirePhotoRequestSchema, request.body);

    // Every photo is checked, even for a vehicle that already has a set: an unreadable photo is always refused.
    const problems = await Promise.all(
      PHOTO_PARTS.map(async (part): Promise<[string, string[]] | null> => {
        try {
          await checkPhoto(input.photos[part], ctx.photoDownloadTimeoutMs, ctx.lifecycle);
          return null;
        } catch (err) {
          if (err instanceof PhotoProblem) return [`photos.${part}`, [`The ${part} photo ${err.message}.`]];
          throw err;
        }
      }),
    );
    const errors = Object.fromEntries(problems.filter((p) => p !== null));
    if (Object.keys(errors).length > 0) throw new SandboxHttpError(422, 'photos_rejected', Object.values(errors)[0][0], errors);

    const { stored, created } = ctx.photos.keepFirst(insurer.code, vehicleKey(input.vehicle), input.photos, ctx.clock.now());
    const body: WirePhotoResponse = { status: created ? 'registered' : 'already_registered', photos: stored.photos };
    return body;
  });
}
