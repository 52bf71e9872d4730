import { ApiError } from '../errors';
import { assertCleanInput, forbiddenCharacter, MAX_INPUT_DEPTH, textIssues } from './text';

describe('text no field may hold', () => {
  it('refuses NUL, the other controls, DEL, C1, noncharacters and unpaired surrogates', () => {
    for (const [text, found] of [
      ['a\u0000b', 'U+0000'],
      ['\u0001', 'U+0001'],
      ['esc \u001b[31m', 'U+001B'],
      ['\u000b', 'U+000B'],
      ['\u007f', 'U+007F'],
      ['\u0085', 'U+0085'],
      ['\u009b', 'U+009B'],
      ['\uffff', 'U+FFFF'],
      ['a\ud800b', 'U+D800'],
      ['\udc00', 'U+DC00'],
      ['ok\ud83d', 'U+D83D'],
    ] as const) {
      expect([JSON.stringify(text), forbiddenCharacter(text)]).toEqual([JSON.stringify(text), found]);
    }
  });

  it('keeps real text: tabs and newlines, Arabic with bidi marks, emoji with joiners, combining marks', () => {
    for (const text of [
      'line one\nline two\r\n\tindented',
      'سارة أحمد \u200f(RTL)\u200e',
      '\u202eabc\u202c \u2066x\u2069',
      '😀👩‍👩‍👧 \u200b',
      'e\u0301',
      'x'.repeat(10_000),
    ]) {
      expect(forbiddenCharacter(text)).toBeNull();
    }
  });

  it('names every bad value and key by its path, arrays included', () => {
    const issues = textIssues({ name: 'a\u0000', address: { street_name: 'ok', lines: ['fine', 'b\ud800'] }, 'k\u0000ey': 1 });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['name', 'address.lines.1', 'kU+0000ey']);
    expect(issues[0].message).toBe(
      'The name contains a character that is not allowed in text (U+0000): control characters and unpaired surrogates are refused.',
    );
    expect(issues[2].message).toContain('field name "kU+0000ey"');
  });

  it('answers a 422 whose details name the fields, and refuses absurd nesting instead of exhausting the stack', () => {
    let err: unknown;
    try {
      assertCleanInput({ q: '\u0000' }, ['filter']);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect(Object.keys((err as ApiError).details!)).toEqual(['filter.q']);

    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const issues = textIssues({ a: deep });
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain(`nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
    expect(textIssues(Buffer.from([0]))).toEqual([]);
  });
});
