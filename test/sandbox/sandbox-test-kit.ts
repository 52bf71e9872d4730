import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { MotorRisk, WireQuoteRequest } from '@lib/providers';
import { createSandboxServer, type SandboxServerOptions } from '../../apps/sandbox/src/sandbox-server';

export interface RunningSandbox {
  app: FastifyInstance;
  baseUrl: string;
  close(): Promise<void>;
}

/** A real sandbox on an ephemeral port, fast by default so tests only wait where they mean to. */
export async function startSandbox(options: SandboxServerOptions = {}): Promise<RunningSandbox> {
  const app = createSandboxServer({ profile: 'fast', ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function http<T = any>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<JsonResponse<T>> {
  const res = await fetch(url, {
    method,
    signal,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON bodies (logos, terms pages) stay text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const OWNER_ID = '1012345678';
export const SECOND_DRIVER_ID = '2098765432';

type VehicleOverrides = Partial<WireQuoteRequest['vehicle']>;

/** A valid wire quote request: a 40-year-old owner driving a 2025 car worth 80,000 alone. */
export function quoteRequest(over: Partial<Omit<WireQuoteRequest, 'vehicle'>> & { vehicle?: VehicleOverrides } = {}): WireQuoteRequest {
  const { vehicle, ...rest } = over;
  return {
    request_reference: 'qr-e2e-1',
    locale: 'en',
    owner: { id: OWNER_ID, age: 40 },
    drivers: [{ id: OWNER_ID, age: 40, driving_percentage: 100 }],
    is_ownership_transfer: false,
    start_date: '2026-12-01',
    ...rest,
    vehicle: { sequence_number: '123456789', model_year: 2025, estimated_value: '80000.00', ...vehicle },
  };
}

export const postQuote = (sandbox: RunningSandbox, insurer: string, request: unknown, signal?: AbortSignal) =>
  http('POST', `${sandbox.baseUrl}/insurers/${insurer}/motor/quotes`, request, signal);

export const control = (sandbox: RunningSandbox, insurer: string, patch: Record<string, unknown>) =>
  http('PUT', `${sandbox.baseUrl}/__control/insurers/${insurer}`, patch);

/** The same risk as quoteRequest(), in the port's terms. */
export function motorRisk(over: Partial<MotorRisk> = {}): MotorRisk {
  return {
    requestReference: 'qr-adapter-1',
    locale: 'en',
    owner: { id: OWNER_ID, age: 40 },
    drivers: [{ id: OWNER_ID, age: 40, drivingPercentage: 100 }],
    vehicle: { kind: 'sequence', sequenceNumber: '123456789', modelYear: 2025, estimatedValue: 8_000_000 },
    isOwnershipTransfer: false,
    startDate: '2026-12-01',
    ...over,
  };
}
