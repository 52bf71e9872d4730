import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('round-trips, never stores the plain text, and refuses another key or a tampered value', () => {
    const box = new SecretBox('k'.repeat(40));
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(() => new SecretBox('x'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('whsec_abd').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
