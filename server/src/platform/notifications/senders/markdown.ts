/**
 * The message body is markdown; each target reads its own dialect. A small, safe renderer:
 * headings, paragraphs, lists, code blocks, and inline bold, italic, code and links (http,
 * https and mailto only). Every character of the text is escaped for the target first, so a
 * body can never inject markup.
 */

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; text: string };

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d+[.)]\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const last = blocks.at(-1);
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (heading) blocks.push({ kind: 'heading', text: heading[1]! });
    else if (bullet || numbered) {
      const ordered = !bullet;
      const item = (bullet ?? numbered)![1]!;
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
    } else if (line.trim() === '') blocks.push({ kind: 'paragraph', lines: [] });
    else if (last?.kind === 'paragraph' && last.lines.length > 0) last.lines.push(line.trim());
    else if (last?.kind === 'list' && /^\s+\S/.test(line))
      last.items[last.items.length - 1] += ` ${line.trim()}`;
    else blocks.push({ kind: 'paragraph', lines: [line.trim()] });
  }
  return blocks.filter((block) => block.kind !== 'paragraph' || block.lines.length > 0);
}

interface Dialect {
  escape(text: string): string;
  bold(inner: string): string;
  italic(inner: string): string;
  code(text: string): string;
  link(label: string, href: string): string;
  heading(inner: string): string;
  paragraph(lines: string[]): string;
  list(items: string[], ordered: boolean): string;
  codeBlock(text: string): string;
  join(blocks: string[]): string;
}

const INLINE =
  /`([^`\n]+)`|\*\*(.+?)\*\*|__(.+?)__|\*(?=\S)([^*\n]+?)\*|\b_(?=\S)([^_\n]+?)_\b|\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const SAFE_LINK = /^(https?:|mailto:)/i;

function inline(text: string, dialect: Dialect): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    out += dialect.escape(text.slice(at, match.index));
    const [whole, code, strong, strong2, em, em2, label, href] = match;
    if (code !== undefined) out += dialect.code(code);
    else if (strong !== undefined || strong2 !== undefined)
      out += dialect.bold(inline(strong ?? strong2!, dialect));
    else if (em !== undefined || em2 !== undefined) out += dialect.italic(inline(em ?? em2!, dialect));
    else if (label !== undefined && SAFE_LINK.test(href!)) out += dialect.link(inline(label, dialect), href!);
    else out += dialect.escape(whole);
    at = match.index + whole.length;
  }
  return out + dialect.escape(text.slice(at));
}

function render(markdown: string, dialect: Dialect): string {
  return dialect.join(
    blocksOf(markdown).map((block) => {
      switch (block.kind) {
        case 'heading':
          return dialect.heading(inline(block.text, dialect));
        case 'paragraph':
          return dialect.paragraph(block.lines.map((line) => inline(line, dialect)));
        case 'list':
          return dialect.list(
            block.items.map((item) => inline(item, dialect)),
            block.ordered,
          );
        case 'code':
          return dialect.codeBlock(block.text);
      }
    }),
  );
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const escapeAttribute = (text: string) => escapeHtml(text).replace(/'/g, '&#39;');

/** Full HTML, for email bodies. */
const HTML: Dialect = {
  escape: escapeHtml,
  bold: (inner) => `<strong>${inner}</strong>`,
  italic: (inner) => `<em>${inner}</em>`,
  code: (text) => `<code>${escapeHtml(text)}</code>`,
  link: (label, href) => `<a href="${escapeAttribute(href)}">${label}</a>`,
  heading: (inner) => `<h3>${inner}</h3>`,
  paragraph: (lines) => `<p>${lines.join('<br>\n')}</p>`,
  list: (items, ordered) => {
    const tag = ordered ? 'ol' : 'ul';
    return `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
  },
  codeBlock: (text) => `<pre><code>${escapeHtml(text)}</code></pre>`,
  join: (blocks) => blocks.join('\n'),
};

/** The few tags Telegram's and Pushover's HTML take (b, i, code, pre, a), lines for the rest. */
const LIMITED_HTML: Dialect = {
  ...HTML,
  bold: (inner) => `<b>${inner}</b>`,
  italic: (inner) => `<i>${inner}</i>`,
  heading: (inner) => `<b>${inner}</b>`,
  paragraph: (lines) => lines.join('\n'),
  list: (items, ordered) => items.map((item, i) => `${ordered ? `${i + 1}.` : '•'} ${item}`).join('\n'),
  join: (blocks) => blocks.join('\n\n'),
};

/** Slack escapes these three everywhere, code included. */
const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack's mrkdwn. */
const SLACK: Dialect = {
  escape: escapeSlack,
  bold: (inner) => `*${inner}*`,
  italic: (inner) => `_${inner}_`,
  code: (text) => `\`${escapeSlack(text)}\``,
  link: (label, href) => `<${href.replace(/[<>|]/g, encodeURIComponent)}|${label}>`,
  heading: (inner) => `*${inner}*`,
  paragraph: (lines) => lines.join('\n'),
  list: (items, ordered) => items.map((item, i) => `${ordered ? `${i + 1}.` : '•'} ${item}`).join('\n'),
  codeBlock: (text) => `\`\`\`\n${escapeSlack(text)}\n\`\`\``,
  join: (blocks) => blocks.join('\n\n'),
};

/** Google Chat reads Slack's marks but shows entities as typed: the text goes unescaped. */
const GOOGLE_CHAT: Dialect = {
  ...SLACK,
  escape: (text) => text,
  code: (text) => `\`${text}\``,
  codeBlock: (text) => `\`\`\`\n${text}\n\`\`\``,
};

/** Plain text: the marks removed, links as "label (url)". */
const PLAIN: Dialect = {
  escape: (text) => text,
  bold: (inner) => inner,
  italic: (inner) => inner,
  code: (text) => text,
  link: (label, href) => (label === href ? href : `${label} (${href})`),
  heading: (inner) => inner,
  paragraph: (lines) => lines.join('\n'),
  list: (items, ordered) => items.map((item, i) => `${ordered ? `${i + 1}.` : '-'} ${item}`).join('\n'),
  codeBlock: (text) => text,
  join: (blocks) => blocks.join('\n\n'),
};

export const markdownToHtml = (markdown: string) => render(markdown, HTML);
export const markdownToLimitedHtml = (markdown: string) => render(markdown, LIMITED_HTML);
export const markdownToSlack = (markdown: string) => render(markdown, SLACK);
export const markdownToGoogleChat = (markdown: string) => render(markdown, GOOGLE_CHAT);
export const markdownToText = (markdown: string) => render(markdown, PLAIN);

/** Shortens text to `limit` characters, marking the cut. */
export const clip = (text: string, limit: number) =>
  text.length > limit ? `${text.slice(0, limit - 1)}…` : text;

/** The properties as `key: value` lines. */
export const propertyLines = (properties: Record<string, string>) =>
  Object.entries(properties).map(([key, value]) => `${key}: ${value}`);
