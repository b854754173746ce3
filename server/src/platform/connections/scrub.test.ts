import { HIDDEN, scrubSecrets } from './scrub.js';

describe('scrubSecrets', () => {
  it('hides each secret, as is and URL-encoded, longer ones first', () => {
    expect(
      scrubSecrets('login p@ss w0rd failed at postgres://app:p%40ss%20w0rd@db', ['p@ss w0rd', 'p@ss']),
    ).toBe(`login ${HIDDEN} failed at postgres://app:${HIDDEN}@db`);
  });

  it("hides a URL's password it was not told of, and leaves other text alone", () => {
    expect(scrubSecrets('GET https://bot:unlisted@git.example.com/x: 401', [])).toBe(
      `GET https://bot:${HIDDEN}@git.example.com/x: 401`,
    );
    expect(scrubSecrets('connection refused: 127.0.0.1:5432', ['', 'secret'])).toBe(
      'connection refused: 127.0.0.1:5432',
    );
  });
});
