/**
 * The common subset of Go's text/template that canaries write in `display.template`,
 * `test.template`, `transform.template`, HTTP `templateBody` and `$(VAR)` references: text,
 * `{{ .a.b }}`, `$` and `$var`, pipelines with arguments, parentheses, `if`/`else if`/`else`,
 * `range` (lists, maps, numbers, with `$i, $v :=`), `with`, variables, trim markers and comments,
 * Go's built-in functions and a few of gomplate's. Values print as Go's `%v` does.
 * `define`, `template`, `block` and methods on values are not supported and say so.
 */
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { formatGoDuration, humanDuration, humanSize, parseGoDuration } from './go-values.js';

export class TemplateError extends Error {}

type Fn = (...args: unknown[]) => unknown;

export interface GoTemplateOptions {
  /** Functions besides the built-in ones. */
  funcs?: Record<string, Fn>;
  delims?: [string, string];
  /** Each top-level key of the data is also a function, so `$(NAME)` works without a dot. */
  valueFunctions?: boolean;
}

// ---------------------------------------------------------------- lexing

type Token =
  | { t: 'field'; names: string[] }
  | { t: 'var'; name: string; names: string[] }
  | { t: 'ident'; name: string }
  | { t: 'string'; value: string }
  | { t: 'number'; value: number | bigint }
  | { t: 'bool'; value: boolean }
  | { t: 'nil' }
  | { t: 'punct'; value: '(' | ')' | '|' | ':=' | '=' | ',' }
  | { t: 'chain'; names: string[] };

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;

function readQuoted(src: string, i: number, quote: string): { value: string; end: number } {
  let out = '';
  let j = i + 1;
  while (j < src.length && src[j] !== quote) {
    if (src[j] === '\\' && quote !== '`') {
      const next = src[j + 1];
      const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };
      if (next === 'u' || next === 'x') {
        const len = next === 'u' ? 4 : 2;
        out += String.fromCharCode(parseInt(src.slice(j + 2, j + 2 + len), 16));
        j += 2 + len;
        continue;
      }
      out += map[next ?? ''] ?? next ?? '';
      j += 2;
      continue;
    }
    out += src[j];
    j++;
  }
  if (j >= src.length) throw new TemplateError('unterminated quoted string');
  return { value: out, end: j + 1 };
}

function readFieldNames(src: string, i: number): { names: string[]; end: number } {
  const names: string[] = [];
  let j = i;
  while (src[j] === '.') {
    IDENT.lastIndex = j + 1;
    const m = IDENT.exec(src);
    if (!m) break;
    names.push(m[0]);
    j = IDENT.lastIndex;
  }
  return { names, end: j };
}

function lex(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === '`') {
      const { value, end } = readQuoted(src, i, c);
      tokens.push({ t: 'string', value });
      i = end;
    } else if (c === "'") {
      const { value, end } = readQuoted(src, i, "'");
      tokens.push({ t: 'number', value: value.codePointAt(0) ?? 0 });
      i = end;
    } else if (c === '(' || c === ')' || c === '|' || c === ',') {
      tokens.push({ t: 'punct', value: c });
      i++;
      if (c === ')' && src[i] === '.') {
        const { names, end } = readFieldNames(src, i);
        tokens.push({ t: 'chain', names });
        i = end;
      }
    } else if (c === ':' && src[i + 1] === '=') {
      tokens.push({ t: 'punct', value: ':=' });
      i += 2;
    } else if (c === '=') {
      tokens.push({ t: 'punct', value: '=' });
      i++;
    } else if (c === '.') {
      const { names, end } = readFieldNames(src, i);
      tokens.push({ t: 'field', names });
      i = names.length ? end : i + 1;
    } else if (c === '$') {
      IDENT.lastIndex = i + 1;
      const m = IDENT.exec(src);
      const name = m ? m[0] : '';
      const { names, end } = readFieldNames(src, m ? IDENT.lastIndex : i + 1);
      tokens.push({ t: 'var', name, names });
      i = end;
    } else if (/[-+0-9]/.test(c)) {
      const m = /[-+]?(0x[0-9a-fA-F]+|\d+(\.\d*)?([eE][-+]?\d+)?|\.\d+)/y;
      m.lastIndex = i;
      const found = m.exec(src);
      if (!found) throw new TemplateError(`bad number syntax: ${src.slice(i, i + 10)}`);
      const text = found[0];
      tokens.push({
        t: 'number',
        value: /^[-+]?(0x[0-9a-fA-F]+|\d+)$/.test(text) ? BigInt(text) : Number(text),
      });
      i = m.lastIndex;
    } else {
      IDENT.lastIndex = i;
      const m = IDENT.exec(src);
      if (!m) throw new TemplateError(`unexpected "${c}" in command`);
      i = IDENT.lastIndex;
      let name = m[0];
      // gomplate's namespaced functions: strings.ToUpper, conv.ToInt, ...
      while (src[i] === '.' && /[A-Za-z_]/.test(src[i + 1] ?? '')) {
        IDENT.lastIndex = i + 1;
        const part = IDENT.exec(src)!;
        name += `.${part[0]}`;
        i = IDENT.lastIndex;
      }
      if (name === 'true' || name === 'false') tokens.push({ t: 'bool', value: name === 'true' });
      else if (name === 'nil') tokens.push({ t: 'nil' });
      else tokens.push({ t: 'ident', name });
    }
  }
  return tokens;
}

// ---------------------------------------------------------------- parsing

type Operand =
  | { k: 'field'; names: string[] }
  | { k: 'var'; name: string; names: string[] }
  | { k: 'fn'; name: string }
  | { k: 'lit'; value: unknown }
  | { k: 'sub'; pipe: Pipeline; names: string[] };

interface Pipeline {
  decl: string[];
  assign: boolean;
  commands: Operand[][];
}

type Node =
  | { k: 'text'; text: string }
  | { k: 'action'; pipe: Pipeline }
  | { k: 'if' | 'with'; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { k: 'range'; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { k: 'break' }
  | { k: 'continue' };

function parsePipeline(tokens: Token[]): Pipeline {
  let pos = 0;
  const decl: string[] = [];
  let assign = false;
  // `$x :=`, `$i, $v :=` or `$x =`
  const declEnd = tokens.findIndex((tk) => tk.t === 'punct' && (tk.value === ':=' || tk.value === '='));
  if (
    declEnd > 0 &&
    tokens.slice(0, declEnd).every((tk) => tk.t === 'var' || (tk.t === 'punct' && tk.value === ','))
  ) {
    for (const tk of tokens.slice(0, declEnd)) if (tk.t === 'var') decl.push(tk.name);
    assign = (tokens[declEnd] as { value: string }).value === '=';
    pos = declEnd + 1;
  }
  const parseOperands = (stopAtParen: boolean): { cmds: Operand[][] } => {
    const cmds: Operand[][] = [[]];
    while (pos < tokens.length) {
      const tk = tokens[pos]!;
      if (tk.t === 'punct' && tk.value === ')') {
        if (!stopAtParen) throw new TemplateError('unexpected right paren');
        return { cmds };
      }
      pos++;
      const cmd = cmds[cmds.length - 1]!;
      switch (tk.t) {
        case 'punct':
          if (tk.value === '|') {
            if (cmd.length === 0) throw new TemplateError('missing command before |');
            cmds.push([]);
          } else if (tk.value === '(') {
            const inner = parseOperands(true);
            if (tokens[pos]?.t !== 'punct') throw new TemplateError('unclosed left paren');
            pos++; // ')'
            let names: string[] = [];
            const next = tokens[pos];
            if (next?.t === 'chain') {
              names = next.names;
              pos++;
            }
            cmd.push({ k: 'sub', pipe: { decl: [], assign: false, commands: inner.cmds }, names });
          } else throw new TemplateError(`unexpected "${tk.value}" in command`);
          break;
        case 'field':
          cmd.push({ k: 'field', names: tk.names });
          break;
        case 'var':
          cmd.push({ k: 'var', name: tk.name, names: tk.names });
          break;
        case 'ident':
          cmd.push({ k: 'fn', name: tk.name });
          break;
        case 'string':
        case 'number':
        case 'bool':
          cmd.push({ k: 'lit', value: tk.value });
          break;
        case 'nil':
          cmd.push({ k: 'lit', value: null });
          break;
        case 'chain':
          throw new TemplateError('unexpected field chain');
      }
    }
    if (stopAtParen) throw new TemplateError('unclosed left paren');
    return { cmds };
  };
  const { cmds } = parseOperands(false);
  if (cmds.some((c) => c.length === 0)) throw new TemplateError('missing value for command');
  return { decl, assign, commands: cmds };
}

interface RawAction {
  body: string;
}

function splitSource(src: string, [left, right]: [string, string]): (string | RawAction)[] {
  const parts: (string | RawAction)[] = [];
  let i = 0;
  let text = '';
  while (i < src.length) {
    const open = src.indexOf(left, i);
    if (open < 0) {
      text += src.slice(i);
      break;
    }
    text += src.slice(i, open);
    let j = open + left.length;
    const trimLeft = src[j] === '-' && /\s/.test(src[j + 1] ?? '');
    if (trimLeft) {
      text = text.replace(/\s+$/, '');
      j += 2;
    }
    // Find the closing delimiter outside quoted strings.
    let end = -1;
    for (let k = j; k < src.length; k++) {
      const ch = src[k]!;
      if (ch === '"' || ch === '`' || (ch === "'" && left === '{{')) {
        k = readQuoted(src, k, ch).end - 1;
        continue;
      }
      if (src.startsWith(right, k)) {
        end = k;
        break;
      }
    }
    if (end < 0) throw new TemplateError(`unclosed action (missing "${right}")`);
    let body = src.slice(j, end);
    const trimRight = /\s-$/.test(body);
    if (trimRight) body = body.slice(0, -2);
    parts.push(text);
    text = '';
    parts.push({ body });
    i = end + right.length;
    if (trimRight) {
      const rest = /^\s*/.exec(src.slice(i))![0];
      i += rest.length;
    }
  }
  parts.push(text);
  return parts.filter((p) => typeof p !== 'string' || p !== '');
}

function parse(src: string, delims: [string, string]): Node[] {
  const parts = splitSource(src, delims);
  let pos = 0;
  // Returns the nodes up to an `end` or `else`, and which one stopped it.
  const parseList = (): { nodes: Node[]; stop: string | null; stopRest: string } => {
    const nodes: Node[] = [];
    while (pos < parts.length) {
      const part = parts[pos++]!;
      if (typeof part === 'string') {
        nodes.push({ k: 'text', text: part });
        continue;
      }
      const body = part.body.trim();
      if (body.startsWith('/*')) {
        if (!body.endsWith('*/')) throw new TemplateError('unclosed comment');
        continue;
      }
      const word = /^[a-z]+/.exec(body)?.[0] ?? '';
      const rest = body.slice(word.length).trim();
      switch (word) {
        case 'end':
          return { nodes, stop: 'end', stopRest: '' };
        case 'else':
          return { nodes, stop: 'else', stopRest: rest };
        case 'if':
        case 'with':
        case 'range':
          nodes.push(parseControl(word, rest));
          break;
        case 'break':
        case 'continue':
          nodes.push({ k: word });
          break;
        case 'define':
        case 'template':
        case 'block':
          throw new TemplateError(`{{${word}}} is not supported by this console's templates`);
        default:
          nodes.push({ k: 'action', pipe: parsePipeline(lex(body)) });
      }
    }
    return { nodes, stop: null, stopRest: '' };
  };
  const parseControl = (word: 'if' | 'with' | 'range', rest: string): Node => {
    if (!rest) throw new TemplateError(`missing value for ${word}`);
    const pipe = parsePipeline(lex(rest));
    const body = parseList();
    if (body.stop === null) throw new TemplateError(`unexpected EOF: {{${word}}} has no {{end}}`);
    let otherwise: Node[] = [];
    if (body.stop === 'else') {
      const chained = /^(if|with)\b/.exec(body.stopRest)?.[1] as 'if' | 'with' | undefined;
      if (chained) {
        // `{{else if x}}`: the rest up to the shared {{end}} is a nested control.
        otherwise = [parseControl(chained, body.stopRest.slice(chained.length).trim())];
      } else {
        const tail = parseList();
        if (tail.stop !== 'end') throw new TemplateError(`{{${word}}} has no {{end}}`);
        otherwise = tail.nodes;
      }
    }
    return { k: word, pipe, body: body.nodes, otherwise };
  };
  const top = parseList();
  if (top.stop) throw new TemplateError(`unexpected {{${top.stop}}}`);
  return top.nodes;
}

// ---------------------------------------------------------------- values

const NO_VALUE = Symbol('no value');

export function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === NO_VALUE || v === false) return false;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'string') return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Duration) return Number(v) !== 0;
  if (v instanceof Map) return v.size > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

function goFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) {
    return n.toExponential().replace(/e([-+])(\d)$/, 'e$10$2');
  }
  return String(n);
}

/** A value as Go's fmt `%v` prints it. */
export function goPrint(v: unknown): string {
  if (v === NO_VALUE || v === undefined) return '<no value>';
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goFloat(v);
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Duration) return formatGoDuration(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `[${v.map(goPrint).join(' ')}]`;
  if (v instanceof Map)
    return `map[${[...v.entries()]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([k, x]) => `${goPrint(k)}:${goPrint(x)}`)
      .join(' ')}]`;
  if (typeof v === 'object')
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${goPrint((v as Record<string, unknown>)[k])}`)
      .join(' ')}]`;
  return String(v);
}

function field(value: unknown, name: string, path: string): unknown {
  if (value === null || value === undefined || value === NO_VALUE)
    throw new TemplateError(`nil pointer evaluating interface {}.${name} (at ${path})`);
  if (value instanceof Map) return value.has(name) ? value.get(name) : NO_VALUE;
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : NO_VALUE;
  }
  throw new TemplateError(
    `can't evaluate field ${name} in type ${Array.isArray(value) ? 'list' : typeof value} (at ${path})`,
  );
}

const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : Number(v));

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const [x, y] = [num(a instanceof Duration ? Number(a) : a), num(b instanceof Duration ? Number(b) : b)];
  if (Number.isNaN(x) || Number.isNaN(y)) throw new TemplateError('incompatible types for comparison');
  return x < y ? -1 : x > y ? 1 : 0;
}

function equal(a: unknown, b: unknown): boolean {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint'))
    return num(a) === num(b);
  if (a === NO_VALUE) a = undefined;
  if (b === NO_VALUE) b = undefined;
  return a === b || (a == null && b == null);
}

function sprintf(format: string, args: unknown[]): string {
  let i = 0;
  return format.replace(
    /%([-+ 0#]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g,
    (whole, _flags, width, prec, verb: string) => {
      if (verb === '%') return '%';
      const arg = args[i++];
      let out: string;
      switch (verb) {
        case 'd':
          out = typeof arg === 'number' ? String(Math.trunc(arg)) : goPrint(arg);
          break;
        case 'f':
        case 'F':
          out = num(arg).toFixed(prec === undefined ? 6 : Number(prec));
          break;
        case 'q':
          out = JSON.stringify(goPrint(arg));
          break;
        case 'x':
          out = typeof arg === 'string' ? Buffer.from(arg).toString('hex') : num(arg).toString(16);
          break;
        default:
          out = goPrint(arg);
      }
      return width ? out.padStart(Number(width)) : out;
    },
  );
}

function lengthOf(v: unknown): number {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (v && typeof v === 'object') return Object.keys(v).length;
  throw new TemplateError(`len of ${goPrint(v)}`);
}

function toJSONValue(v: unknown): unknown {
  return JSON.parse(
    JSON.stringify(v, (_k, x: unknown) =>
      typeof x === 'bigint' ? Number(x) : x instanceof Duration ? Math.round(Number(x) * 1e6) : x,
    ) ?? 'null',
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : goPrint(v));

const BUILTINS: Record<string, Fn> = {
  and: (...args) => args.find((a) => !truthy(a)) ?? args[args.length - 1],
  or: (...args) => args.find((a) => truthy(a)) ?? args[args.length - 1],
  not: (a) => !truthy(a),
  len: (v) => BigInt(lengthOf(v)),
  index: (v, ...keys) =>
    keys.reduce((acc, key) => {
      if (Array.isArray(acc) || typeof acc === 'string') {
        const at = num(key);
        if (at < 0 || at >= acc.length) throw new TemplateError(`index out of range: ${at}`);
        return acc[at];
      }
      return field(acc, String(key), `index ${goPrint(key)}`);
    }, v),
  slice: (v, ...bounds) => {
    if (typeof v !== 'string' && !Array.isArray(v)) throw new TemplateError(`can't slice ${goPrint(v)}`);
    const [from, to] = bounds.map(num);
    return v.slice(from ?? 0, to);
  },
  print: (...args) =>
    args
      .map(
        (a, i) => (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string' ? ' ' : '') + goPrint(a),
      )
      .join(''),
  println: (...args) => `${args.map(goPrint).join(' ')}\n`,
  printf: (format, ...args) => sprintf(String(format), args),
  eq: (a, ...rest) => rest.some((b) => equal(a, b)),
  ne: (a, b) => !equal(a, b),
  lt: (a, b) => compare(a, b) < 0,
  le: (a, b) => compare(a, b) <= 0,
  gt: (a, b) => compare(a, b) > 0,
  ge: (a, b) => compare(a, b) >= 0,
  urlquery: (...args) => encodeURIComponent(args.map(goPrint).join('')),
  html: (...args) =>
    args
      .map(goPrint)
      .join('')
      .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
  js: (...args) => JSON.stringify(args.map(goPrint).join('')).slice(1, -1),
};

/** gomplate's functions that canaries use most; the input comes last, as in gomplate. */
const GOMPLATE: Record<string, Fn> = {
  toJSON: (v) => JSON.stringify(toJSONValue(v)),
  'data.ToJSON': (v) => JSON.stringify(toJSONValue(v)),
  toJSONPretty: (indent, v) => JSON.stringify(toJSONValue(v), null, String(indent)),
  'data.ToJSONPretty': (indent, v) => JSON.stringify(toJSONValue(v), null, String(indent)),
  json: (v) => JSON.parse(str(v)) as unknown,
  'data.JSON': (v) => JSON.parse(str(v)) as unknown,
  'data.JSONArray': (v) => JSON.parse(str(v)) as unknown,
  default: (def, v) => (truthy(v) ? v : def),
  'conv.Default': (def, v) => (truthy(v) ? v : def),
  'conv.ToString': (v) => str(v),
  'conv.ToInt': (v) => BigInt(Math.trunc(num(v))),
  'conv.ToInt64': (v) => BigInt(Math.trunc(num(v))),
  'conv.ToFloat64': (v) => num(v),
  'conv.ToBool': (v) => ['true', '1', 'yes', 'on'].includes(str(v).toLowerCase()) || v === true,
  upper: (v) => str(v).toUpperCase(),
  lower: (v) => str(v).toLowerCase(),
  title: (v) => str(v).replace(/\b\w/g, (c) => c.toUpperCase()),
  trim: (v) => str(v).trim(),
  'strings.ToUpper': (v) => str(v).toUpperCase(),
  'strings.ToLower': (v) => str(v).toLowerCase(),
  'strings.Title': (v) => str(v).replace(/\b\w/g, (c) => c.toUpperCase()),
  'strings.TrimSpace': (v) => str(v).trim(),
  'strings.Trim': (cut, v) =>
    str(v).replace(new RegExp(`^[${escapeClass(str(cut))}]+|[${escapeClass(str(cut))}]+$`, 'g'), ''),
  'strings.TrimPrefix': (prefix, v) =>
    str(v).startsWith(str(prefix)) ? str(v).slice(str(prefix).length) : str(v),
  'strings.TrimSuffix': (suffix, v) =>
    str(suffix) && str(v).endsWith(str(suffix)) ? str(v).slice(0, -str(suffix).length) : str(v),
  'strings.Contains': (sub, v) => str(v).includes(str(sub)),
  'strings.HasPrefix': (prefix, v) => str(v).startsWith(str(prefix)),
  'strings.HasSuffix': (suffix, v) => str(v).endsWith(str(suffix)),
  'strings.ReplaceAll': (from, to, v) => str(v).replaceAll(str(from), str(to)),
  'strings.Split': (sep, v) => str(v).split(str(sep)),
  'strings.Repeat': (n, v) => str(v).repeat(num(n)),
  'strings.Quote': (v) => JSON.stringify(str(v)),
  'strings.Squote': (v) => `'${str(v).replaceAll("'", "''")}'`,
  'strings.Abbrev': (width, v) =>
    str(v).length > num(width) ? `${str(v).slice(0, num(width) - 3)}...` : str(v),
  join: (list, sep) => (Array.isArray(list) ? list.map(str).join(str(sep)) : str(list)),
  'strings.Join': (list, sep) => (Array.isArray(list) ? list.map(str).join(str(sep)) : str(list)),
  contains: (sub, v) => str(v).includes(str(sub)),
  hasPrefix: (prefix, v) => str(v).startsWith(str(prefix)),
  hasSuffix: (suffix, v) => str(v).endsWith(str(suffix)),
  replaceAll: (from, to, v) => str(v).replaceAll(str(from), str(to)),
  split: (sep, v) => str(v).split(str(sep)),
  'coll.Has': (v, key) => v !== null && typeof v === 'object' && Object.hasOwn(v, str(key)),
  'coll.Keys': (v) => (v && typeof v === 'object' ? Object.keys(v).sort() : []),
  'coll.Values': (v) =>
    v && typeof v === 'object'
      ? Object.keys(v)
          .sort()
          .map((k) => (v as Record<string, unknown>)[k])
      : [],
  'math.Add': (...args) => sumLike(args, (a, b) => a + b),
  'math.Sub': (a, b) => sumLike([a, b], (x, y) => x - y),
  'math.Mul': (...args) => sumLike(args, (a, b) => a * b),
  'math.Div': (a, b) => num(a) / num(b),
  'math.Max': (...args) => Math.max(...args.map(num)),
  'math.Min': (...args) => Math.min(...args.map(num)),
  'math.Floor': (v) => Math.floor(num(v)),
  'math.Ceil': (v) => Math.ceil(num(v)),
  'math.Round': (v) => Math.round(num(v)),
  'time.Now': () => new Date(),
  'time.ParseDuration': (v) => parseGoDuration(str(v)),
  humanDuration: (v) => humanDuration(v),
  HumanDuration: (v) => humanDuration(v),
  humanSize: (v) => humanSize(num(v)),
  HumanSize: (v) => humanSize(num(v)),
};

function escapeClass(chars: string): string {
  return chars.replace(/[\]\\^-]/g, '\\$&');
}

function sumLike(args: unknown[], op: (a: number, b: number) => number): unknown {
  const values = args.map(num);
  const result = values.slice(1).reduce(op, values[0] ?? 0);
  return args.every((a) => typeof a === 'bigint') ? BigInt(Math.trunc(result)) : result;
}

// ---------------------------------------------------------------- execution

class Loop {
  constructor(readonly kind: 'break' | 'continue') {}
}

interface Scope {
  vars: Map<string, unknown>[];
}

function lookupVar(scope: Scope, name: string): unknown {
  for (let i = scope.vars.length - 1; i >= 0; i--)
    if (scope.vars[i]!.has(name)) return scope.vars[i]!.get(name);
  throw new TemplateError(`undefined variable: $${name}`);
}

/**
 * Renders `source` with `data` as dot. Throws TemplateError for a template that cannot be read
 * or run (unknown function, nil field, ...), in words close to Go's.
 */
export function renderGoTemplate(source: string, data: unknown, options: GoTemplateOptions = {}): string {
  const funcs: Record<string, Fn> = { ...BUILTINS, ...GOMPLATE, ...options.funcs };
  if (options.valueFunctions && data && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) funcs[k] = () => v;
  const nodes = parse(source, options.delims ?? ['{{', '}}']);
  // Unknown functions fail at parse time in Go; here before anything is printed.
  const checkFns = (list: Node[]): void => {
    for (const n of list) {
      if (n.k === 'text' || n.k === 'break' || n.k === 'continue') continue;
      checkPipe(n.pipe);
      if (n.k !== 'action') {
        checkFns(n.body);
        checkFns(n.otherwise);
      }
    }
  };
  const checkPipe = (p: Pipeline): void => {
    for (const cmd of p.commands)
      for (const op of cmd) {
        if (op.k === 'fn' && !Object.hasOwn(funcs, op.name))
          throw new TemplateError(`function "${op.name}" not defined`);
        if (op.k === 'sub') checkPipe(op.pipe);
      }
  };
  checkFns(nodes);

  const scope: Scope = { vars: [new Map([['', data]])] };
  let out = '';

  const evalOperand = (op: Operand, dot: unknown, final: unknown[] = []): unknown => {
    switch (op.k) {
      case 'lit':
        return op.value;
      case 'field':
        return op.names.reduce((v, name) => field(v, name, `.${op.names.join('.')}`), dot);
      case 'var': {
        const base = lookupVar(scope, op.name);
        return op.names.reduce((v, name) => field(v, name, `$${op.name}.${op.names.join('.')}`), base);
      }
      case 'sub': {
        const value = evalPipe(op.pipe, dot);
        return op.names.reduce((v, name) => field(v, name, `(...).${op.names.join('.')}`), value);
      }
      case 'fn':
        return funcs[op.name]!(...final);
    }
  };

  const evalCommand = (cmd: Operand[], dot: unknown, piped: unknown[]): unknown => {
    const [head, ...args] = cmd;
    if (head!.k === 'fn') {
      const values = args.map((a) => evalOperand(a, dot));
      try {
        return evalOperand(head!, dot, [...values, ...piped]);
      } catch (error) {
        if (error instanceof TemplateError) throw error;
        throw new TemplateError(`error calling ${head!.name}: ${(error as Error).message}`);
      }
    }
    if (args.length || piped.length)
      throw new TemplateError(`can't give argument to non-function ${describe(head!)}`);
    return evalOperand(head!, dot);
  };

  const evalPipe = (pipe: Pipeline, dot: unknown): unknown => {
    let value: unknown;
    let piped: unknown[] = [];
    for (const cmd of pipe.commands) {
      value = evalCommand(cmd, dot, piped);
      piped = [value];
    }
    if (pipe.decl.length === 1) {
      const name = pipe.decl[0]!;
      if (pipe.assign) {
        const frame = [...scope.vars].reverse().find((f) => f.has(name));
        if (!frame) throw new TemplateError(`undefined variable: $${name}`);
        frame.set(name, value);
      } else scope.vars[scope.vars.length - 1]!.set(name, value);
    }
    return value;
  };

  const run = (list: Node[], dot: unknown): void => {
    for (const node of list) {
      switch (node.k) {
        case 'text':
          out += node.text;
          break;
        case 'action': {
          const value = evalPipe(node.pipe, dot);
          if (node.pipe.decl.length === 0) out += goPrint(value);
          break;
        }
        case 'if':
        case 'with': {
          scope.vars.push(new Map());
          try {
            const value = evalPipe(node.pipe, dot);
            if (truthy(value)) run(node.body, node.k === 'with' ? value : dot);
            else run(node.otherwise, dot);
          } finally {
            scope.vars.pop();
          }
          break;
        }
        case 'range':
          runRange(node, dot);
          break;
        case 'break':
        case 'continue':
          throw new Loop(node.k);
      }
    }
  };

  const runRange = (node: Extract<Node, { k: 'range' }>, dot: unknown): void => {
    const decl = node.pipe.decl;
    const value = evalPipe({ ...node.pipe, decl: [] }, dot);
    let entries: [unknown, unknown][];
    if (Array.isArray(value)) entries = value.map((v, i) => [BigInt(i), v]);
    else if (typeof value === 'bigint' || typeof value === 'number')
      entries = Array.from({ length: num(value) }, (_, i) => [BigInt(i), BigInt(i)]);
    else if (value instanceof Map) entries = [...value.entries()].sort(([a], [b]) => compare(a, b));
    else if (value && typeof value === 'object')
      entries = Object.keys(value)
        .sort()
        .map((k) => [k, (value as Record<string, unknown>)[k]]);
    else if (value === null || value === undefined || value === NO_VALUE) entries = [];
    else throw new TemplateError(`range can't iterate over ${goPrint(value)}`);
    if (entries.length === 0) {
      run(node.otherwise, dot);
      return;
    }
    for (const [key, element] of entries) {
      const frame = new Map<string, unknown>();
      if (decl.length === 1) frame.set(decl[0]!, element);
      if (decl.length === 2) {
        frame.set(decl[0]!, key);
        frame.set(decl[1]!, element);
      }
      scope.vars.push(frame);
      try {
        run(node.body, element);
      } catch (signal) {
        if (!(signal instanceof Loop)) throw signal;
        if (signal.kind === 'break') break;
      } finally {
        scope.vars.pop();
      }
    }
  };

  run(nodes, data);
  return out;
}

function describe(op: Operand): string {
  if (op.k === 'field') return `.${op.names.join('.')}`;
  if (op.k === 'var') return `$${op.name}`;
  return 'value';
}
