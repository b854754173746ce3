import { redact, safeUrl } from './support.js';
import { gitTarget } from './git-checkout.js';

describe('redact', () => {
  it('removes known secrets, the longest first, and credentials written in URLs', () => {
    expect(
      redact(
        'auth failed for https://bob:hunter22@git.local/repo with token abc-123-xyz (abc)',
        new Set(['abc-123-xyz', 'abc']),
      ),
    ).toBe('auth failed for https://git.local/repo with token *** (***)');
  });
});

describe('safeUrl', () => {
  it('drops the username and password', () => {
    expect(safeUrl('postgres://app:secret@db:5432/x')).toBe('postgres://db:5432/x');
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
  });
});

describe('gitTarget', () => {
  it('reads the go-getter forms: a git:: prefix and a ?ref=', () => {
    expect(gitTarget({ url: 'git::https://github.com/org/repo.git?ref=release' })).toEqual({
      url: 'https://github.com/org/repo.git',
      ref: 'release',
    });
    expect(gitTarget({ url: 'file:///srv/repo.git', ref: 'main' })).toEqual({
      url: 'file:///srv/repo.git',
      ref: 'main',
    });
  });
});
