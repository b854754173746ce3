import { FIRST_READS_ID } from '../../../common/first-load.js';
import { firstReadsScript } from './first-screen.js';

/** The data block's JSON, as the UI reads it from the page. */
function blockJson(script: Buffer): unknown {
  const html = script.toString('utf8');
  const open = `<script type="application/json" id="${FIRST_READS_ID}">`;
  expect(html.startsWith(open)).toBe(true);
  expect(html.endsWith('</script>')).toBe(true);
  const json = html.slice(open.length, -'</script>'.length);
  expect(json).not.toContain('<');
  return JSON.parse(json);
}

const answer = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the first reads block', () => {
  it('holds each answer by its URL, as the server sent it', () => {
    const whoami = { user: { name: 'Ada Lovelace' }, roles: ['admin'] };
    const summary = { checks_summary: [{ name: 'api-gateway', status: 'unhealthy' }], duration: 3 };
    const script = firstReadsScript(
      new Map([
        ['api/auth/whoami', answer(whoami)],
        ['api/canary/api/summary?start=1h', answer(summary)],
      ]),
    );
    expect(blockJson(script)).toEqual({
      'api/auth/whoami': whoami,
      'api/canary/api/summary?start=1h': summary,
    });
  });

  it('keeps text that would end the script, or is not ASCII, as the same text', () => {
    const tricky = {
      name: '</script><img src=x onerror=alert(1)><!--',
      note: 'Ünïcödé — 検査 <b>bold</b> 🚀',
      nested: [{ at: '<<' }],
    };
    const url = 'api/db/checks?name=eq.<x>';
    expect(blockJson(firstReadsScript(new Map([[url, answer(tricky)]])))).toEqual({ [url]: tricky });
  });

  it('is an empty object without reads', () => {
    expect(blockJson(firstReadsScript(new Map()))).toEqual({});
  });
});
