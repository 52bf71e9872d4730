import { AnswerWriteBehind, type WriteBehindStore } from './quote-answers.write-behind';
import type { AnsweredInsurer } from './quote-request.repository';

const answer = (insurerCode: string, outcome: string): AnsweredInsurer => ({
  outcome: { insurerCode, outcome, latencyMs: 1, offerCount: outcome === 'ok' ? 1 : 0, detail: null, position: 0 },
  offers: [],
  quotes: [],
});

/** A store whose writes end when the test says so, recording what each write carried. */
function heldStore() {
  const writes: Array<{ kind: 'create' | 'add'; insurers: string[]; done: (ok?: boolean) => void; fail: (e: Error) => void }> = [];
  const write = (kind: 'create' | 'add', answers: AnsweredInsurer[]) =>
    new Promise<number | boolean>((resolve, reject) =>
      writes.push({ kind, insurers: answers.map((a) => a.outcome.insurerCode), done: (ok = true) => resolve(kind === 'create' ? 7 : ok), fail: reject }),
    );
  const store: WriteBehindStore = { create: (a) => write('create', a) as Promise<number>, add: (_, a) => write('add', a) as Promise<boolean> };
  return { store, writes };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('AnswerWriteBehind', () => {
  it('writes once an insurer quoted, adds later answers as the write before ends (together when they waited), and leaves the last answer', async () => {
    const { store, writes } = heldStore();
    const answers: AnsweredInsurer[] = new Array(5);
    const behind = new AnswerWriteBehind(answers, store);
    const arrive = (i: number, code: string, outcome: string) => {
      answers[i] = answer(code, outcome);
      behind.arrived(i);
    };

    arrive(3, 'd', 'error');
    expect(writes).toHaveLength(0); // an error alone is not stored: the request may yet fail whole
    arrive(0, 'a', 'ok');
    expect(writes.map((w) => [w.kind, w.insurers])).toEqual([['create', ['d', 'a']]]);
    arrive(4, 'e', 'declined');
    arrive(1, 'b', 'timeout');
    await tick();
    expect(writes).toHaveLength(1); // the create is still running
    writes[0].done();
    await tick();
    expect(writes.map((w) => [w.kind, w.insurers])).toEqual([
      ['create', ['d', 'a']],
      ['add', ['e', 'b']],
    ]);
    arrive(2, 'c', 'ok'); // the last: the caller's to write
    writes[1].done();
    await tick();
    expect(writes).toHaveLength(2);

    const settled = await behind.settle();
    expect(settled).toEqual({ id: 7, written: new Set([3, 0, 4, 1]) });
  });

  it('writes answers two to a statement, the first write too, and all of them once only the last is missing', async () => {
    const { store, writes } = heldStore();
    const answers: AnsweredInsurer[] = new Array(6);
    const behind = new AnswerWriteBehind(answers, store);
    const arrive = async (i: number) => {
      answers[i] = answer(`i${i}`, 'ok');
      behind.arrived(i);
      writes.at(-1)?.done();
      await tick();
    };
    await arrive(0);
    expect(writes).toHaveLength(0); // the first answer waits for a second
    for (let i = 1; i < 6; i++) await arrive(i);
    expect(writes.map((w) => [w.kind, w.insurers])).toEqual([
      ['create', ['i0', 'i1']],
      ['add', ['i2', 'i3']],
      ['add', ['i4']],
    ]);
    expect(await behind.settle()).toEqual({ id: 7, written: new Set([0, 1, 2, 3, 4]) });
  });

  it('writes nothing while every answer failed, nor when the only quote is the last answer', async () => {
    const { store, writes } = heldStore();
    const answers: AnsweredInsurer[] = new Array(3);
    const behind = new AnswerWriteBehind(answers, store);
    answers[0] = answer('a', 'error');
    behind.arrived(0);
    answers[1] = answer('b', 'timeout');
    behind.arrived(1);
    answers[2] = answer('c', 'ok');
    behind.arrived(2);
    await tick();
    expect(writes).toHaveLength(0);
    expect(await behind.settle()).toBeNull();
  });

  it('settles with what a write threw, and when the request was stamped before an answer was added', async () => {
    const failing = heldStore();
    const answers: AnsweredInsurer[] = new Array(3);
    const behind = new AnswerWriteBehind(answers, failing.store);
    answers[0] = answer('a', 'ok');
    behind.arrived(0);
    answers[1] = answer('b', 'ok');
    behind.arrived(1);
    failing.writes[0].fail(new Error('email refused'));
    await expect(behind.settle()).rejects.toThrow('email refused');

    const stamped = heldStore();
    const later: AnsweredInsurer[] = new Array(4);
    const behind2 = new AnswerWriteBehind(later, stamped.store);
    for (const [i, code] of ['a', 'b', 'c'].entries()) {
      later[i] = answer(code, 'ok');
      behind2.arrived(i);
    }
    stamped.writes[0].done();
    await tick();
    stamped.writes[1].done(false);
    await expect(behind2.settle()).rejects.toThrow('was stamped');
  });
});
