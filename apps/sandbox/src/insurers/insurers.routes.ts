import type { FastifyInstance } from 'fastify';
import type { WireInsurer } from '@lib/providers';
import { squareLogoSvg, wideLogoSvg } from '../logos/logo-svg';
import type { SandboxContext } from '../sandbox-context';
import { SandboxHttpError } from '../sandbox-http';
import { BENEFIT_NAMES } from './benefit-names.data';
import { findInsurer, INSURERS } from './insurer-catalogue.data';
import { motorProducts } from './insurer-profile';

const notFound = (what: string) => new SandboxHttpError(404, 'not_found', `${what} not found.`);

export function registerInsurerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/insurers', async (request) => {
    const base = ctx.baseUrl(request);
    const insurers: WireInsurer[] = INSURERS.map((i) => ({
      code: i.code,
      name_en: i.nameEn,
      name_ar: i.nameAr,
      logo_url: i.logo ? `${base}/logos/${i.code}-wide.svg` : null,
      square_logo_url: i.logo ? `${base}/logos/${i.code}-square.svg` : null,
      motor_products: motorProducts(i),
    }));
    return { insurers };
  });

  app.get<{ Params: { file: string } }>('/logos/:file', async (request, reply) => {
    const match = /^([a-z0-9-]+)-(wide|square)\.svg$/.exec(request.params.file);
    const insurer = match ? findInsurer(match[1]) : null;
    if (!match || !insurer?.logo) throw notFound('Logo');
    const svg = match[2] === 'wide' ? wideLogoSvg(insurer.logo, insurer.nameEn, insurer.nameAr) : squareLogoSvg(insurer.logo, insurer.nameEn);
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg);
  });

  app.get<{ Params: { code: string; benefit: string } }>('/insurers/:code/terms/:benefit', async (request, reply) => {
    const insurer = findInsurer(request.params.code);
    const benefit = insurer?.benefits.find((b) => b.code === request.params.benefit && b.hasTerms);
    if (!insurer || !benefit) throw notFound('Terms');
    const name = BENEFIT_NAMES[benefit.kind];
    const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${name.en}</title><h1>${insurer.nameEn}: ${name.en}</h1><p>Sandbox terms for benefit ${benefit.code}. Simulated insurer; no real cover.</p><h2 dir="rtl" lang="ar">${insurer.nameAr}: ${name.ar}</h2></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
