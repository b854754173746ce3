/**
 * The part of yq / jq the gitops action's `patches` understand, applied in process (no yq or jq
 * binary needed): one or more steps joined by `|`, each
 *
 * - `PATH = VALUE`: sets the value, creating the maps and lists on the way;
 * - `PATH += VALUE`: appends to a list (or adds to a number, concatenates strings);
 * - `del(PATH)`: removes the key or list item;
 *
 * where PATH is `.a.b`, `.a["x-y"]`, `."x-y"`, `.a[0]`, `.a[-1]` and VALUE a JSON value
 * (`"text"`, `'text'`, `3`, `true`, `null`, `{"a": 1}`, `[1, 2]`), a bare word read as a string
 * (as yq reads `.image.tag = v1.2`), or another PATH of the same document (`.a = .b`).
 * A YAML file is every document of it (as `yq eval`), written back with js-yaml (comments and
 * quoting style are not kept); a JSON file is written back indented by two spaces.
 */
import { dump, loadAll } from 'js-yaml';
import { ActionFailure } from './types.js';

type Segment = string | number;
type Step =
  | { op: 'set' | 'append'; path: Segment[]; value: { literal: unknown } | { from: Segment[] } }
  | { op: 'del'; path: Segment[] };

class Parser {
  private i = 0;
  constructor(private readonly source: string) {}

  fail(what: string): never {
    throw new ActionFailure(`patch '${this.source}': ${what} at character ${this.i + 1}`);
  }

  private spaces() {
    while (this.i < this.source.length && /\s/.test(this.source[this.i]!)) this.i++;
  }

  private peek(text: string) {
    this.spaces();
    return this.source.startsWith(text, this.i);
  }

  private eat(text: string) {
    if (!this.peek(text)) this.fail(`expected '${text}'`);
    this.i += text.length;
  }

  private quoted(): string {
    const quote = this.source[this.i]!;
    let j = this.i + 1;
    let raw = '';
    while (j < this.source.length && this.source[j] !== quote) {
      if (this.source[j] === '\\' && quote === '"') {
        raw += this.source[j]! + (this.source[j + 1] ?? '');
        j += 2;
      } else raw += this.source[j++];
    }
    if (j >= this.source.length) this.fail('unterminated string');
    this.i = j + 1;
    if (quote === "'") return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return this.fail('invalid string');
    }
  }

  path(): Segment[] {
    this.spaces();
    if (this.source[this.i] !== '.') this.fail("expected a path starting with '.'");
    const segments: Segment[] = [];
    this.i++;
    for (;;) {
      const c = this.source[this.i];
      if (c === '"' || c === "'") segments.push(this.quoted());
      else if (c !== undefined && /[A-Za-z0-9_$-]/.test(c)) {
        const start = this.i;
        while (this.i < this.source.length && /[A-Za-z0-9_$-]/.test(this.source[this.i]!)) this.i++;
        segments.push(this.source.slice(start, this.i));
      }
      while (this.source[this.i] === '[') {
        this.i++;
        this.spaces();
        const d = this.source[this.i];
        if (d === '"' || d === "'") segments.push(this.quoted());
        else {
          const m = /^-?\d+/.exec(this.source.slice(this.i));
          if (!m) this.fail('expected an index or a quoted key');
          segments.push(Number(m[0]));
          this.i += m[0].length;
        }
        this.spaces();
        if (this.source[this.i] !== ']') this.fail("expected ']'");
        this.i++;
      }
      if (
        this.source[this.i] === '.' &&
        this.source[this.i + 1] !== undefined &&
        !/\s/.test(this.source[this.i + 1]!)
      ) {
        this.i++;
        continue;
      }
      return segments;
    }
  }

  private value(): { literal: unknown } | { from: Segment[] } {
    this.spaces();
    const rest = this.source.slice(this.i);
    if (rest.startsWith('.')) return { from: this.path() };
    if (rest.startsWith("'")) return { literal: this.quoted() };
    // The longest prefix up to the next top-level '|' that is JSON.
    let depth = 0;
    let inString = false;
    let end = rest.length;
    for (let k = 0; k < rest.length; k++) {
      const c = rest[k]!;
      if (inString) {
        if (c === '\\') k++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      else if (c === '|' && depth === 0) {
        end = k;
        break;
      }
    }
    const raw = rest.slice(0, end).trim();
    if (!raw) this.fail('expected a value');
    this.i += end;
    try {
      return { literal: JSON.parse(raw) };
    } catch {
      if (/^[^\s"'{}[\],]+$/.test(raw)) return { literal: raw };
      return this.fail(`'${raw}' is not a value this patch subset reads (use JSON)`);
    }
  }

  steps(): Step[] {
    const steps: Step[] = [];
    for (;;) {
      this.spaces();
      if (this.peek('del(')) {
        this.eat('del(');
        const path = this.path();
        this.eat(')');
        steps.push({ op: 'del', path });
      } else {
        const path = this.path();
        if (!path.length) this.fail('cannot assign the whole document');
        let op: 'set' | 'append';
        if (this.peek('+=')) {
          this.eat('+=');
          op = 'append';
        } else if (this.peek('|=')) {
          this.eat('|=');
          op = 'set';
        } else {
          this.eat('=');
          op = 'set';
        }
        steps.push({ op, path, value: this.value() });
      }
      this.spaces();
      if (this.i >= this.source.length) return steps;
      this.eat('|');
    }
  }
}

export function parsePatch(expression: string): Step[] {
  return new Parser(expression.trim()).steps();
}

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  typeof value === 'object' && value !== null;

function read(document: unknown, path: Segment[]): unknown {
  let node = document;
  for (const segment of path) {
    if (!isContainer(node)) return null;
    node =
      typeof segment === 'number' && Array.isArray(node)
        ? node[segment < 0 ? node.length + segment : segment]
        : (node as Record<string, unknown>)[segment];
  }
  return node ?? null;
}

function parentOf(
  document: unknown,
  path: Segment[],
  create: boolean,
): Record<string | number, unknown> | undefined {
  let node = document;
  for (let k = 0; k < path.length - 1; k++) {
    const segment = path[k]!;
    const container = node as Record<string | number, unknown>;
    const key =
      typeof segment === 'number' && Array.isArray(container) && segment < 0
        ? container.length + segment
        : segment;
    let next = container[key];
    if (!isContainer(next)) {
      if (!create) return undefined;
      next = typeof path[k + 1] === 'number' ? [] : {};
      container[key] = next;
    }
    node = next;
  }
  return node as Record<string | number, unknown>;
}

/** Applies a patch expression to one parsed document; returns the (possibly replaced) document. */
export function applyPatch(document: unknown, steps: Step[]): unknown {
  let root = isContainer(document) ? document : {};
  for (const step of steps) {
    if (!isContainer(root)) root = {};
    const last = step.path[step.path.length - 1]!;
    if (step.op === 'del') {
      if (!step.path.length) continue;
      const parent = parentOf(root, step.path, false);
      if (!parent) continue;
      if (Array.isArray(parent) && typeof last === 'number') {
        const index = last < 0 ? parent.length + last : last;
        if (index >= 0 && index < parent.length) parent.splice(index, 1);
      } else delete parent[last];
      continue;
    }
    const value = 'from' in step.value ? structuredClone(read(root, step.value.from)) : step.value.literal;
    const parent = parentOf(root, step.path, true)!;
    const key = Array.isArray(parent) && typeof last === 'number' && last < 0 ? parent.length + last : last;
    if (step.op === 'set') parent[key] = value;
    else {
      const current = parent[key];
      if (Array.isArray(current)) current.push(...(Array.isArray(value) ? value : [value]));
      else if (current === undefined || current === null)
        parent[key] = Array.isArray(value) ? value : [value];
      else if (typeof current === 'number' && typeof value === 'number') parent[key] = current + value;
      else if (typeof current === 'string') parent[key] = current + String(value);
      else if (isContainer(current) && isContainer(value)) Object.assign(current, value);
      else throw new ActionFailure(`cannot add to ${step.path.join('.')}`);
    }
  }
  return root;
}

/** A file's new text after a yq (YAML) or jq (JSON) patch. */
export function patchText(content: string, expression: string, format: 'yaml' | 'json'): string {
  const steps = parsePatch(expression);
  if (format === 'json') {
    let document: unknown;
    try {
      document = JSON.parse(content);
    } catch (error) {
      throw new ActionFailure(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    return `${JSON.stringify(applyPatch(document, steps), null, 2)}\n`;
  }
  let documents: unknown[];
  try {
    documents = loadAll(content);
  } catch (error) {
    throw new ActionFailure(`not YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!documents.length) documents = [{}];
  const patched = documents.map((document) => applyPatch(document, steps));
  return patched.map((document) => dump(document, { lineWidth: -1, noRefs: true })).join('---\n');
}
