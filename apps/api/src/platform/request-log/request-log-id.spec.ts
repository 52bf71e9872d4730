import { requestLogId, requestLogIdTime } from './request-log-id';

describe('request log ids', () => {
  it('carry the instant they were made at, and nothing else reads as one', () => {
    const at = new Date('2026-12-02T06:40:12.345Z');
    const id = requestLogId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestLogIdTime(id)).toEqual(at);
    expect(requestLogId(at)).not.toBe(id);
    expect(requestLogIdTime('7c0a9d7e-1b2f-4c3a-9e8d-5f6a7b8c9d0e')).toBeNull();
    expect(requestLogIdTime('not an id')).toBeNull();
  });
});
