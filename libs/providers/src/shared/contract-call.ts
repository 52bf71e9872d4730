import type { ZodType } from 'zod';
import { issuesToDetails } from '@lib/common';
import { wireErrorSchema } from '../motor/sandbox-motor.wire';
import { ExchangeStoppedError, exchangeJson, type RawAnswer } from './json-http';

/** Why a call to an insurer or vendor gave no usable answer. */
export type ContractFailure = 'timeout' | 'unavailable' | 'bad_response' | 'rejected' | 'not_found';

/** Builds the caller's own error (each provider family has its error class). */
export type FailureFactory = (failure: ContractFailure, message: string, details?: Record<string, string[]>, status?: number) => Error;

/** One JSON request to an insurer or vendor, before its answer's contract is known. */
export interface ContractRequest {
  baseUrl: string;
  method: string;
  path: string;
  body?: unknown;
  /** The body already serialised as JSON (instead of `body`). */
  payload?: Buffer;
  timeoutMs: number;
  /** Stops the call early, as its timeout does. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ContractCall<T> extends ContractRequest {
  /** The answer's contract: a 2xx body that breaks it is a `bad_response`. */
  schema: ZodType<T>;
}

/**
 * One JSON call checked against its contract. Classifies what went wrong: no answer in time (`timeout`),
 * no connection or a 5xx (`unavailable`), a 404 (`not_found`), another 4xx with the insurer's message
 * and field errors (`rejected`), a body that is not JSON or breaks the contract (`bad_response`).
 */
export async function callContract<T>(call: ContractCall<T>, fail: FailureFactory): Promise<T> {
  const answer = await answerJson(call, fail);
  return checkContract(call, call.schema, answer, fail);
}

/**
 * The transport half of callContract: the parsed JSON of a 2xx answer, or the classified failure. For a caller
 * that reads a hot answer its own way and asks the schema (checkContract) only when that fails.
 */
export async function answerJson(call: ContractRequest, fail: FailureFactory): Promise<JsonAnswer> {
  const what = `${call.method} ${call.path}`;
  let answer: RawAnswer;
  try {
    answer = await exchangeJson(call.baseUrl, call.path, {
      method: call.method,
      body: call.body,
      payload: call.payload,
      signal: call.signal,
      timeoutMs: call.timeoutMs,
      headers: call.headers,
    });
  } catch (err) {
    if (err instanceof ExchangeStoppedError) throw fail('timeout', `${what} gave no answer in time.`);
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
  return { status, json };
}

/** A 2xx answer: its status and parsed body. */
export interface JsonAnswer {
  status: number;
  json: unknown;
}

/** A 2xx answer's JSON checked against `schema`: its parsed value, or a `bad_response` naming the first broken field. */
export function checkContract<T>(call: Pick<ContractRequest, 'method' | 'path'>, schema: ZodType<T>, answer: JsonAnswer, fail: FailureFactory): T {
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return parsed.data;
  const details = issuesToDetails(parsed.error.issues);
  const first = Object.entries(details)[0];
  throw fail('bad_response', `${call.method} ${call.path} broke the contract${first ? ` at ${first[0]}: ${first[1][0]}` : ''}.`, details, answer.status);
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
