import { http } from '../sandbox/sandbox-test-kit';
import { openEventStream } from '../motor/event-stream-client';
import { MotorTestEnv, quoteBody, quoteOtp, startMotorEnv } from '../support/motor-kit';
import { startTestApp, TestApp } from '../support/test-app';

const BASE = '/api/v1/car-comp/quote-requests';

/**
 * Progressive quote requests an instance left in progress when it died (kill -9, a crashed container): whatever comes
 * next, a read (Show), the event stream, another instance already running or one booting, completes them once their
 * deadline (MOTOR_QUOTE_DEADLINE_MS + 15 s, in real time) has passed, with the insurers still pending recorded as
 * timeouts; before it, they stay in progress (the instance running them may still be alive).
 *
 * A dead instance's leftovers are written as it leaves them (its last answers never stored, the request in
 * progress), and its deadline is written as already passed instead of waiting for it.
 */
describe('motor quote requests left in progress by a dead instance', () => {
  let env: MotorTestEnv;
  let token: string;
  let otp: string;
  const others: TestApp[] = [];

  beforeAll(async () => {
    env = await startMotorEnv({ env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '100000' } });
    token = (await env.app.partner(['motor-comprehensive-comparison'])).token;
    otp = await quoteOtp(env.app, token);
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await env?.close();
  });
  afterEach(() => http('POST', `${env.sandbox.baseUrl}/__control/reset`));

  const show = (id: number) => env.app.request(`${BASE}/${id}`, { token });
  const stored = (id: number) => env.app.db.prisma.motorQuoteRequest.findUniqueOrThrow({ where: { id }, include: { outcomes: true } });

  /**
   * A request as an instance killed mid-fan-out leaves it: the two insurers that answered last have no answer
   * stored, and the request is in progress with `deadline`.
   */
  async function leftover(deadline: Date): Promise<{ id: number; pending: string[] }> {
    const res = await env.app.request(BASE, { token, json: quoteBody(otp), headers: { Prefer: 'respond-async' } });
    expect(res.status).toBe(202);
    const id = res.body.id as number;
    const events = await (await openEventStream(`${env.app.url}${BASE}/${id}/events`, { token })).rest();
    expect(events.at(-1)).toMatchObject({ event: 'complete', data: { status: 'complete' } });
    const last = await env.app.db.prisma.motorInsurerOutcome.findMany({ where: { quoteRequestId: id }, orderBy: { seq: 'desc' }, take: 2 });
    const pending = last.map((o) => o.insurerCode);
    await env.app.db.prisma.$transaction([
      env.app.db.prisma.motorOffer.deleteMany({ where: { quoteRequestId: id, insurerCode: { in: pending } } }),
      env.app.db.prisma.motorInsurerOutcome.deleteMany({ where: { quoteRequestId: id, insurerCode: { in: pending } } }),
      env.app.db.prisma.motorQuoteRequest.update({
        where: { id },
        data: { quotesStatus: 'in_progress', answerCount: { decrement: 2 }, quotesDeadlineAt: deadline },
      }),
    ]);
    return { id, pending };
  }
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

  /** The request completed by the deadline stamp: its pending insurers timed out, the others kept. */
  async function expectStamped(id: number, pending: string[]) {
    const row = await stored(id);
    expect(row.quotesStatus).toBe('complete');
    expect(row.answerCount).toBe(row.outcomes.length);
    expect(
      row.outcomes
        .filter((o) => o.outcome === 'timeout')
        .map((o) => o.insurerCode)
        .sort(),
    ).toEqual([...pending].sort());
  }

  it('Show completes it once past its deadline, and leaves it in progress before', async () => {
    const { id, pending } = await leftover(inSeconds(60));
    const before = (await show(id)).body;
    expect(before.status).toBe('in_progress');
    expect(
      before.insurers
        .filter((i: any) => i.state === 'pending')
        .map((i: any) => i.code)
        .sort(),
    ).toEqual([...pending].sort());

    // its deadline passes (the dead instance is not coming back)
    await env.app.db.prisma.motorQuoteRequest.update({ where: { id }, data: { quotesDeadlineAt: inSeconds(-1) } });
    const after = (await show(id)).body;
    expect(after.status).toBe('complete');
    expect(after.insurers.filter((i: any) => pending.includes(i.code)).map((i: any) => i.state)).toEqual(['timeout', 'timeout']);
    expect(after.insurers.some((i: any) => i.state === 'pending')).toBe(false);
    await expectStamped(id, pending);
  });

  it('the event stream completes it once past its deadline', async () => {
    const { id, pending } = await leftover(inSeconds(-1));
    const events = await (await openEventStream(`${env.app.url}${BASE}/${id}/events`, { token })).rest();
    expect(
      events
        .filter((e) => e.event === 'insurer' && e.data.state === 'timeout')
        .map((e) => e.data.code)
        .sort(),
    ).toEqual([...pending].sort());
    expect(events.at(-1)).toMatchObject({ event: 'complete', data: { status: 'complete' } });
    await expectStamped(id, pending);
  });

  it('an instance booting after the deadline completes it without any read', async () => {
    const { id, pending } = await leftover(inSeconds(-1));
    others.push(await startTestApp({ db: env.app.db, env: { SANDBOX_URL: env.sandbox.baseUrl } }));
    await expectStamped(id, pending);
  });

  it('an instance booted before the deadline completes it when the deadline comes, without any read', async () => {
    // the operator's case: the API restarted at once after the kill, and nobody reads the requests afterwards
    // (its deadline far enough ahead that the new instance has booted well before it, even on a busy machine)
    const leftovers = [await leftover(inSeconds(15)), await leftover(inSeconds(15))];
    others.push(await startTestApp({ db: env.app.db, env: { SANDBOX_URL: env.sandbox.baseUrl } }));
    const stop = Date.now() + 45_000;
    const open = () => env.app.db.prisma.motorQuoteRequest.count({ where: { id: { in: leftovers.map((l) => l.id) }, quotesStatus: 'in_progress' } });
    while ((await open()) > 0 && Date.now() < stop) await new Promise((r) => setTimeout(r, 200));
    for (const l of leftovers) await expectStamped(l.id, l.pending);
  });
});
