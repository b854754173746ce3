import {
  markdownToGoogleChat,
  markdownToHtml,
  markdownToLimitedHtml,
  markdownToSlack,
  markdownToText,
} from './markdown.js';

const body = [
  '## Disk <almost> full',
  '',
  'node-3 is at **93%** on _/var_, see [the runbook](https://runbooks.acme.example/disk?x=1&y=2).',
  'A second line with `df -h`.',
  '',
  '- first',
  '- second',
  '',
  '```',
  'if a < b && c',
  '```',
].join('\n');

describe('markdown bodies', () => {
  it('renders HTML for email, escaping every character of the text', () => {
    expect(markdownToHtml(body)).toBe(
      [
        '<h3>Disk &lt;almost&gt; full</h3>',
        '<p>node-3 is at <strong>93%</strong> on <em>/var</em>, see <a href="https://runbooks.acme.example/disk?x=1&amp;y=2">the runbook</a>.<br>',
        'A second line with <code>df -h</code>.</p>',
        '<ul><li>first</li><li>second</li></ul>',
        '<pre><code>if a &lt; b &amp;&amp; c</code></pre>',
      ].join('\n'),
    );
  });

  it('keeps markup out: raw HTML is text, and only http(s) and mailto links become links', () => {
    expect(markdownToHtml('<img src=x onerror=alert(1)> [x](javascript:alert(1))')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1))</p>',
    );
    expect(markdownToHtml('[a"b](https://x.example/"onmouseover=1)')).toBe(
      '<p><a href="https://x.example/&quot;onmouseover=1">a&quot;b</a></p>',
    );
  });

  it("renders Slack's mrkdwn", () => {
    expect(markdownToSlack(body)).toBe(
      [
        '*Disk &lt;almost&gt; full*',
        '',
        'node-3 is at *93%* on _/var_, see <https://runbooks.acme.example/disk?x=1&y=2|the runbook>.',
        'A second line with `df -h`.',
        '',
        '• first\n• second',
        '',
        '```\nif a &lt; b &amp;&amp; c\n```',
      ].join('\n'),
    );
  });

  it("renders Telegram's and Pushover's few tags, and plain text", () => {
    expect(markdownToLimitedHtml('# T\n\n**b** and *i*\n\n1. one\n2. two')).toBe(
      '<b>T</b>\n\n<b>b</b> and <i>i</i>\n\n1. one\n2. two',
    );
    expect(markdownToText('**b** [docs](https://d.example) and [https://d.example](https://d.example)')).toBe(
      'b docs (https://d.example) and https://d.example',
    );
  });

  it('gives Google Chat the marks without entities', () => {
    expect(markdownToGoogleChat('**a < b** [x](https://x.example)')).toBe('*a < b* <https://x.example|x>');
  });

  it('leaves snake_case words and lone stars alone', () => {
    expect(markdownToSlack('disk_used_percent is 5 * 3')).toBe('disk_used_percent is 5 * 3');
  });
});
