import { answerRate } from './provider-health.service';

describe('answerRate', () => {
  it('is (ok + declined) / requests with four digits, rounded half up, without float drift', () => {
    expect(answerRate({ requests: 6, ok: 2, declined: 2 })).toBe('0.6667');
    expect(answerRate({ requests: 3, ok: 0, declined: 1 })).toBe('0.3333');
    expect(answerRate({ requests: 10, ok: 7, declined: 0 })).toBe('0.7000');
    expect(answerRate({ requests: 20_000, ok: 1, declined: 0 })).toBe('0.0001'); // 0.00005 rounds up
    expect(answerRate({ requests: 4, ok: 3, declined: 1 })).toBe('1.0000');
  });

  it('is null without requests', () => {
    expect(answerRate({ requests: 0, ok: 0, declined: 0 })).toBeNull();
  });
});
