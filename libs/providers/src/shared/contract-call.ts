import type { ZodType } from 'zod';
import { issuesToDetails } from '@lib/common';
import { wireErrorSchema } from '../motor/sandbox-motor.wire';
import { exchangeJson, type RawAnswer } from './json-http';

/** Why a call to an insurer or vendor gave no usable answer. */
export type ContractFailure = 'timeout' | 'unavailable' | 'bad_response' | 'rejected' | 'not_found';

/** Builds the caller's own error (each provider family has its error class). */
export type FailureFactory = (failure: ContractFailure, message: string, details?: Record<string, string[]>, status?: number) => Error;

export interface ContractCall<T> {
  baseUrl: string;
  method: string;
  path: string;
  body?: unknown;
  /** The answer's contract: a 2xx body that breaks it is a `bad_response`. */
  schema: ZodType<T>;
  timeoutMs: number;
  /** Stops the call early, as its timeout does. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * One JSON call checked against its contract. Classifies what went wrong: no answer in time (`timeout`),
 * no connection or a 5xx (`unavailable`), a 404 (`not_found`), another 4xx with the insurer's message
 * and field errors (`rejected`), a body that is not JSON or breaks the contract (`bad_response`).
 */
export async function callContract<T>(call: ContractCall<T>, fail: FailureFactory): Promise<T> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const what = `${call.method} ${call.path}`;
  let answer: RawAnswer;
  try {
    answer = await exchangeJson(`${call.baseUrl.replace(/\/+$/, '')}${call.path}`, { method: call.method, body: call.body, signal, headers: call.headers });
  } catch (err) {
    if (signal.aborted) throw fail('timeout', `${what} gave no answer in time.`);
    throw fail('unavailable', `${what} failed: ${(err as Error).message}`);
  }
  const { status } = answer;
  const json = parseJson(answer.text);
  if (status >= 500) throw fail('unavailable', `${what} answered HTTP ${status}.`, undefined, status);
  if (status >= 400) {
    const err = wireErrorSchema.safeParse(json);
    const message = err.success ? err.data.message : `${what} answered HTTP ${status}.`;
    throw fail(status === 404 ? 'not_found' : 'rejected', message, err.success ? err.data.errors : undefined, status);
  }
  if (json === undefined) throw fail('bad_response', `${what} answered a body that is not JSON.`, undefined, status);
  const parsed = call.schema.safeParse(json);
  if (!parsed.success) {
    const details = issuesToDetails(parsed.error.issues);
    const first = Object.entries(details)[0];
    throw fail('bad_response', `${what} broke the contract${first ? ` at ${first[0]}: ${first[1][0]}` : ''}.`, details, status);
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Marks a 404 inside lookupContract; never leaves it. */
const ABSENT = new Error('absent');

/** As callContract, but a 404 answers null: a lookup of something the other side does not know. */
export async function lookupContract<T>(call: ContractCall<T>, fail: FailureFactory): Promise<T | null> {
  try {
    return await callContract(call, (failure, message, details, status) => (failure === 'not_found' ? ABSENT : fail(failure, message, details, status)));
  } catch (e) {
    if (e === ABSENT) return null;
    throw e;
  }
}
