import type { ZodType } from 'zod';
import { z } from '@lib/common';
import { issuesToDetails } from '@lib/common';
import { exchangeJson, type RawAnswer } from './json-http';

/** Why a call to a single-provider insurer (life, horse) failed: as for motor, minus not_found subtleties. */
export type InsurerCallFailure = 'timeout' | 'unavailable' | 'bad_response' | 'rejected';

export class InsurerCallError extends Error {
  override readonly name = 'InsurerCallError';

  constructor(
    readonly failure: InsurerCallFailure,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function isInsurerCallError(err: unknown): err is InsurerCallError {
  return err instanceof InsurerCallError;
}

const errorSchema = z.object({ error: z.string(), message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });

/** One JSON call to the sandbox insurers with a timeout; every answer is checked against the contract. */
export async function insurerCall<T>(baseUrl: string, method: string, path: string, body: unknown, schema: ZodType<T>, timeoutMs: number): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  const what = `${method} ${path}`;
  let answer: RawAnswer;
  try {
    answer = await exchangeJson(`${baseUrl.replace(/\/+$/, '')}${path}`, { method, body, signal });
  } catch (err) {
    if (signal.aborted) throw new InsurerCallError('timeout', `${what} gave no answer in time.`);
    throw new InsurerCallError('unavailable', `${what} failed: ${(err as Error).message}`);
  }
  const { status } = answer;
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  if (status >= 500) throw new InsurerCallError('unavailable', `${what} answered HTTP ${status}.`);
  if (status >= 400) {
    const err = errorSchema.safeParse(json);
    throw new InsurerCallError('rejected', err.success ? err.data.message : `${what} answered HTTP ${status}.`, err.success ? err.data.errors : undefined);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = Object.entries(issuesToDetails(parsed.error.issues))[0];
    throw new InsurerCallError('bad_response', `${what} broke the contract${first ? ` at ${first[0]}: ${first[1][0]}` : ''}.`);
  }
  return parsed.data;
}
