import { logQl } from './loki.js';

describe('the LogQL of a Loki search', () => {
  it('selects the streams by the labels, and filters lines by the query in any case', () => {
    expect(logQl({ app: 'checkout', namespace: 'shop' }, undefined)).toBe(
      '{app="checkout", namespace="shop"}',
    );
    expect(logQl({ app: 'checkout' }, '  Declined ')).toBe('{app="checkout"} |~ "(?i)Declined"');
  });

  it('takes the query as its own text: regexp metacharacters escaped, then quotes and backslashes', () => {
    expect(logQl({ app: 'checkout' }, String.raw`GET /a?b=1 (x) [y] {z} ^$.*+| "q" \n`)).toBe(
      String.raw`{app="checkout"} |~ "(?i)GET /a\\?b=1 \\(x\\) \\[y\\] \\{z\\} \\^\\$\\.\\*\\+\\| \"q\" \\\\n"`,
    );
    expect(logQl({ app: 'say "hi"' }, 'tab\there')).toBe(String.raw`{app="say \"hi\""} |~ "(?i)tab\there"`);
  });
});
