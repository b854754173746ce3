/**
 * Drops the PatternFly CSS the UI cannot use: rules whose selectors name a `pf-` class that no
 * script of the build mentions, then the `--pf-` custom properties nothing reads any more.
 * PatternFly's stylesheets cover every variant of every component (each modifier at each
 * breakpoint, themes the console does not offer, the icon font); parsing them and matching their
 * rules is most of a first render's style work, and most of their bytes are never used.
 *
 * Only names in PatternFly's own spaces are judged (`pf-` classes, `--pf-` properties): our own
 * stylesheets build class names at run time (`ops-check-card--${color}`) and stay whole. A
 * PatternFly class counts as used when a script holds it as a word (its components list their
 * classes and modifiers as strings) or starts with a prefix a script completes at run time
 * (`pf-m-text-${size}`); a theme's class (`pf-v6-theme-glass`) only when our own sources name
 * it. A custom property counts as read when a kept declaration or @-rule reads
 * it with var(), directly or through other properties, or a script names it (PatternFly sets
 * some from JavaScript). The parser knows what esbuild writes: rules, declarations, strings and
 * comments, and @-rules that hold rules (@media, @supports, @container, @layer) or not
 * (@font-face, @keyframes, @property: kept as they are).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { initialFiles, lazyFiles } from './bundle-report.js';

/** The words of the build's scripts that may name a class or a custom property. */
export interface UsedNames {
  words: Set<string>;
  /**
   * The PatternFly themes the console puts on <html> (`pf-v6-theme-dark`). PatternFly's own
   * scripts list every theme among their class names, but only the application applies one.
   */
  themes: Set<string>;
  /** Beginnings of class names a script completes at run time: `pf-m-text-` from `pf-m-text-${size}`. */
  prefixes: string[];
}

const WORD = /-{0,2}[A-Za-z_][\w-]*/g;
/** A word a template literal or a concatenation goes on from: `pf-m-text-${` or `"pf-m-text-"+`. */
const OPEN_PREFIX = /(pf-[\w-]*-)(?:\$\{|["'`]\s*\+)/g;

const THEME = /pf-v6-theme-[\w-]+/g;

/** `scripts`: the build's output; `ownSources`: the application's sources, which alone choose themes. */
export function usedNames(scripts: Iterable<string>, ownSources: Iterable<string>): UsedNames {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const script of scripts) {
    for (const [word] of script.matchAll(WORD)) words.add(word);
    for (const [, prefix] of script.matchAll(OPEN_PREFIX)) prefixes.add(prefix!);
  }
  const themes = new Set<string>();
  for (const source of ownSources) for (const [theme] of source.matchAll(THEME)) themes.add(theme);
  return { words, themes, prefixes: [...prefixes] };
}

/** `start`: where the rule begins in the stylesheet it was parsed from (for its source, splitCss). */
interface StyleRule {
  kind: 'style';
  start?: number;
  selectors: string[];
  declarations: string[];
}
interface GroupRule {
  kind: 'group';
  start?: number;
  prelude: string;
  rules: Rule[];
}
/** An @-rule kept as written: @font-face, @keyframes, @property, @import, @charset… */
interface OpaqueRule {
  kind: 'opaque';
  start?: number;
  text: string;
}
type Rule = StyleRule | GroupRule | OpaqueRule;

/** @-rules whose block holds rules that are pruned like the top level's. */
const GROUPING = /^@(media|supports|container|layer|scope|document)\b/i;

/** Index just past the string opening at `start`. */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/**
 * The index of the first of `stops` at nesting depth 0 from `start` (outside strings, comments,
 * parentheses, brackets and braces), or css.length.
 */
function scanTo(css: string, start: number, stops: string): number {
  let depth = 0;
  let i = start;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      i = skipString(css, i);
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (depth === 0 && stops.includes(c)) return i;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    i++;
  }
  return css.length;
}

/** `text` cut at the separator at depth 0, each piece trimmed, empty ones left out. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start <= text.length) {
    const end = scanTo(text, start, separator);
    const part = text.slice(start, end).trim();
    if (part) parts.push(part);
    start = end + 1;
  }
  return parts;
}

/** `offset`: where `css` begins in the stylesheet, for the rules' `start`. */
export function parseCss(css: string, offset = 0): Rule[] {
  const rules: Rule[] = [];
  let i = 0;
  while (i < css.length) {
    const end = scanTo(css, i, '{;}');
    const prelude = css.slice(i, end).trim();
    const start = offset + i + (css.slice(i, end).length - css.slice(i, end).trimStart().length);
    if (end >= css.length || css[end] !== '{') {
      // A statement (@import …;) or a stray `}`.
      if (prelude) rules.push({ kind: 'opaque', start, text: `${prelude};` });
      i = end + 1;
      continue;
    }
    const close = scanTo(css, end + 1, '}');
    const body = css.slice(end + 1, close);
    if (GROUPING.test(prelude)) {
      rules.push({ kind: 'group', start, prelude, rules: parseCss(body, offset + end + 1) });
    } else if (prelude.startsWith('@') || scanTo(body, 0, '{') < body.length) {
      // An @-rule of its own kind, or a rule with nested rules: kept whole.
      rules.push({ kind: 'opaque', start, text: `${prelude}{${body}}` });
    } else {
      rules.push({
        kind: 'style',
        start,
        selectors: splitTopLevel(prelude, ','),
        declarations: splitTopLevel(body, ';'),
      });
    }
    i = close + 1;
  }
  return rules;
}

export function printCss(rules: Rule[]): string {
  return rules
    .map((rule) => {
      if (rule.kind === 'opaque') return rule.text;
      if (rule.kind === 'group') return `${rule.prelude}{${printCss(rule.rules)}}`;
      return `${rule.selectors.join(',')}{${rule.declarations.join(';')}}`;
    })
    .join('');
}

/** Pseudo-classes that match when any selector of their list does. */
const ANY_OF = new Set([':is', ':where', ':has', ':matches', ':-webkit-any', ':-moz-any']);

/**
 * Whether `selector` can match a page of this build: every `pf-` class it requires is used. A
 * class under :not() requires nothing; :is(), :where() and :has() require one of their list.
 */
export function selectorCanMatch(selector: string, used: UsedNames): boolean {
  let i = 0;
  while (i < selector.length) {
    const c = selector[i]!;
    if (c === '"' || c === "'") {
      i = skipString(selector, i);
    } else if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i = scanTo(selector, i + 1, ']') + 1;
    } else if (c === '.') {
      const name = /^-?[_a-zA-Z][\w-]*/.exec(selector.slice(i + 1))?.[0];
      if (name && !classUsed(name, used)) return false;
      i += 1 + (name?.length ?? 0);
    } else if (c === ':') {
      const pseudo = /^::?[\w-]+/.exec(selector.slice(i))![0];
      i += pseudo.length;
      if (selector[i] !== '(') continue;
      const close = scanTo(selector, i + 1, ')');
      const argument = selector.slice(i + 1, close);
      if (ANY_OF.has(pseudo.toLowerCase())) {
        if (!splitTopLevel(argument, ',').some((inner) => selectorCanMatch(inner, used))) return false;
      }
      i = close + 1;
    } else {
      i++;
    }
  }
  return true;
}

function classUsed(name: string, used: UsedNames): boolean {
  if (name.startsWith('pf-v6-theme-')) return used.themes.has(name);
  return !name.startsWith('pf-') || used.words.has(name) || used.prefixes.some((p) => name.startsWith(p));
}

const PF_PROPERTY = /^--pf-[\w-]*$/;
const VAR_READ = /var\(\s*(--[\w-]+)/g;

function propertyOf(declaration: string): string {
  return declaration.slice(0, declaration.indexOf(':')).trim();
}

/** Drops style rules whose selectors cannot match; returns the rules left, empty groups dropped. */
function dropUnmatchable(rules: Rule[], used: UsedNames): Rule[] {
  return rules.flatMap((rule): Rule[] => {
    if (rule.kind === 'opaque') return [rule];
    if (rule.kind === 'group') {
      const inner = dropUnmatchable(rule.rules, used);
      return inner.length > 0 ? [{ ...rule, rules: inner }] : [];
    }
    const selectors = rule.selectors.filter((selector) => selectorCanMatch(selector, used));
    return selectors.length > 0 ? [{ ...rule, selectors }] : [];
  });
}

function eachStyleRule(rules: Rule[], visit: (rule: StyleRule) => void, opaque?: (rule: OpaqueRule) => void) {
  for (const rule of rules) {
    if (rule.kind === 'style') visit(rule);
    else if (rule.kind === 'group') eachStyleRule(rule.rules, visit, opaque);
    else opaque?.(rule);
  }
}

/**
 * The `--pf-` properties something reads: var() in a declaration of any other property, in an
 * @-rule kept whole, or in the value of a property that is itself read; or a script's word.
 */
function readProperties(rules: Rule[], used: UsedNames): Set<string> {
  const valuesOf = new Map<string, string[]>();
  const read = new Set<string>();
  const pending: string[] = [];
  const readIn = (text: string) => {
    for (const [, name] of text.matchAll(VAR_READ)) {
      if (!read.has(name!)) {
        read.add(name!);
        pending.push(name!);
      }
    }
  };
  eachStyleRule(
    rules,
    (rule) => {
      for (const declaration of rule.declarations) {
        const property = propertyOf(declaration);
        if (PF_PROPERTY.test(property)) {
          const values = valuesOf.get(property) ?? [];
          values.push(declaration);
          valuesOf.set(property, values);
          if (used.words.has(property) && !read.has(property)) {
            read.add(property);
            pending.push(property);
          }
        } else {
          readIn(declaration);
        }
      }
    },
    (rule) => readIn(rule.text),
  );
  while (pending.length > 0) {
    for (const value of valuesOf.get(pending.pop()!) ?? []) readIn(value);
  }
  return read;
}

/** Drops declarations of `--pf-` properties nothing reads, then the rules and groups left empty. */
function dropUnread(rules: Rule[], read: Set<string>): Rule[] {
  return rules.flatMap((rule): Rule[] => {
    if (rule.kind === 'opaque') return [rule];
    if (rule.kind === 'group') {
      const inner = dropUnread(rule.rules, read);
      return inner.length > 0 ? [{ ...rule, rules: inner }] : [];
    }
    const declarations = rule.declarations.filter((declaration) => {
      const property = propertyOf(declaration);
      return !PF_PROPERTY.test(property) || read.has(property);
    });
    return declarations.length > 0 ? [{ ...rule, declarations }] : [];
  });
}

function prune(rules: Rule[], used: UsedNames): Rule[] {
  const matchable = dropUnmatchable(rules, used);
  return dropUnread(matchable, readProperties(matchable, used));
}

/** `css` without the PatternFly rules and custom properties that the build's scripts cannot use. */
export function pruneCss(css: string, used: UsedNames): string {
  return printCss(prune(parseCss(css), used));
}

/** How splitCss tells the first load's rules from the others. */
export interface FirstLoadStyles {
  /** The names the first load's scripts use (its words; the themes and prefixes of every script). */
  used: UsedNames;
  /** Whether the rule starting at `offset` of the stylesheet comes from a stylesheet the first load imports. */
  fromFirstLoad(offset: number): boolean;
}

/**
 * `css` pruned by `used` (pruneCss), cut in two: what the first load's pages can use, and the
 * rest, which other pages need. A rule goes to the first part when its stylesheet is one the
 * first load's modules import and a selector of it can match with the classes the first load's
 * scripts name; its selectors that cannot go to the rest, with the same declarations. A `--pf-`
 * custom property nothing of the first part reads (nor a first-load script names) has its
 * declarations moved to the rest too, each under the selectors it was declared for. Every kept
 * rule lands in exactly one part (a declaration is never in both), in the order it had; the rest
 * is applied after the first part, so a rule of the rest comes after every rule of the first
 * part, whatever their order was: the cascade can only differ for an element that two rules
 * of equal specificity match, one in each part, which needs a class only other pages' scripts
 * name (a modifier) alongside one the first load's name.
 */
export function splitCss(
  css: string,
  used: UsedNames,
  firstLoad: FirstLoadStyles,
): { first: string; rest: string } {
  const pruned = prune(parseCss(css), used);
  const isFirst = (rule: Rule) => rule.start === undefined || firstLoad.fromFirstLoad(rule.start);
  const firstSelectors = (rule: StyleRule) =>
    isFirst(rule) ? rule.selectors.filter((selector) => selectorCanMatch(selector, firstLoad.used)) : [];
  const candidates = (rules: Rule[]): Rule[] =>
    rules.flatMap((rule): Rule[] => {
      if (rule.kind === 'opaque') return isFirst(rule) ? [rule] : [];
      if (rule.kind === 'group') return [{ ...rule, rules: candidates(rule.rules) }];
      const selectors = firstSelectors(rule);
      return selectors.length > 0 ? [{ ...rule, selectors }] : [];
    });
  const readFirst = readProperties(candidates(pruned), firstLoad.used);
  const readByFirst = (declaration: string) => {
    const property = propertyOf(declaration);
    return !PF_PROPERTY.test(property) || readFirst.has(property);
  };
  const cut = (rules: Rule[]): { first: Rule[]; rest: Rule[] } => {
    const first: Rule[] = [];
    const rest: Rule[] = [];
    for (const rule of rules) {
      if (rule.kind === 'opaque') {
        (isFirst(rule) ? first : rest).push(rule);
      } else if (rule.kind === 'group') {
        const inner = cut(rule.rules);
        if (inner.first.length > 0) first.push({ ...rule, rules: inner.first });
        if (inner.rest.length > 0) rest.push({ ...rule, rules: inner.rest });
      } else {
        const selectors = firstSelectors(rule);
        const others = rule.selectors.filter((selector) => !selectors.includes(selector));
        const kept = rule.declarations.filter(readByFirst);
        const moved = rule.declarations.filter((declaration) => !readByFirst(declaration));
        if (selectors.length > 0 && kept.length > 0) first.push({ ...rule, selectors, declarations: kept });
        if (others.length > 0) rest.push({ ...rule, selectors: others });
        if (selectors.length > 0 && moved.length > 0) rest.push({ ...rule, selectors, declarations: moved });
      }
    }
    return { first, rest };
  };
  const { first, rest } = cut(pruned);
  return { first: printCss(first), rest: printCss(rest) };
}

/**
 * Prunes the stylesheet the entry of a web build loads (written to disk) by what its scripts
 * use, and splits it (splitCss): the entry's stylesheet keeps what the first load of the pages
 * whose lazy modules are `firstLoadModules` uses, under a new content-hashed name (a name is
 * cached for a year: the old one named other bytes), and `assets/rest-HASH.css` gets the rest,
 * for the UI to load before any other page renders. The metafile points at both (the rest as an
 * output of its own, REST_STYLESHEET). A rule's stylesheet is found with the build's source map;
 * the map of a pruned sheet would point at the wrong places: it is dropped with its comment.
 */
export function pruneBuildStylesheets(
  root: string,
  metafile: Metafile,
  firstLoadModules: string[] = [],
): void {
  const outputs = Object.keys(metafile.outputs);
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const ownSources = Object.keys(metafile.inputs)
    .filter((file) => /^(web\/src|common)\//.test(file) && /\.tsx?$/.test(file))
    .map(read);
  const used = usedNames(outputs.filter((file) => file.endsWith('.js')).map(read), ownSources);
  const firstScripts = [...initialFiles(metafile).js, ...lazyFiles(metafile, firstLoadModules)];
  const firstUsed = usedNames(firstScripts.map(read), ownSources);
  const firstSheets = firstLoadStylesheets(metafile, firstLoadModules);
  // Lazy chunks' stylesheets are removed (build.ts): the entry's holds every page's CSS.
  for (const file of initialFiles(metafile).css) {
    const css = read(file).replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
    const sourceAt = sourceLookup(root, file, css);
    const split = splitCss(css, used, {
      used: firstUsed,
      fromFirstLoad: (offset) => {
        const source = sourceAt(offset);
        return source === undefined || firstSheets.has(source);
      },
    });
    const first = `${split.first}\n`;
    const rest = `${split.rest}\n`;
    const renamed = file.replace(/-[A-Z0-9]{8}\.css$/, `-${contentHash(first)}.css`);
    const restFile = path.posix.join(path.posix.dirname(file), `rest-${contentHash(rest)}.css`);
    fs.rmSync(path.join(root, file));
    fs.rmSync(path.join(root, `${file}.map`), { force: true });
    fs.writeFileSync(path.join(root, renamed), first);
    fs.writeFileSync(path.join(root, restFile), rest);
    const output = metafile.outputs[file]!;
    delete metafile.outputs[file];
    metafile.outputs[renamed] = { ...output, bytes: Buffer.byteLength(first) };
    const restOutput = { ...output, bytes: Buffer.byteLength(rest) };
    delete restOutput.entryPoint;
    metafile.outputs[restFile] = restOutput;
    for (const other of Object.values(metafile.outputs)) {
      if (other.cssBundle === file) other.cssBundle = renamed;
    }
  }
}

/**
 * The stylesheets the first load brings in: those the entry and `modules` import, directly or
 * through the modules and stylesheets they import statically (what esbuild puts in a chunk's CSS).
 */
function firstLoadStylesheets(metafile: Metafile, modules: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { path: imported, kind } of metafile.inputs[file]?.imports ?? []) {
      if (kind !== 'dynamic-import' && kind !== 'url-token' && !imported.startsWith('http')) visit(imported);
    }
  };
  ['web/src/main.tsx', ...modules].forEach(visit);
  return new Set([...seen].filter((file) => file.endsWith('.css')));
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The source file (relative to `root`, as the metafile's inputs) that the character at an offset
 * of the output stylesheet `file` (text `css`) comes from, after its source map; undefined
 * without a map or a mapping.
 */
function sourceLookup(root: string, file: string, css: string): (offset: number) => string | undefined {
  let map: { sources: string[]; mappings: string };
  try {
    map = JSON.parse(fs.readFileSync(path.join(root, `${file}.map`), 'utf8')) as typeof map;
  } catch {
    return () => undefined;
  }
  const mapDir = path.dirname(path.join(root, file));
  const sources = map.sources.map((source) => path.relative(root, path.resolve(mapDir, source)));
  const lineStarts = [0];
  for (let i = css.indexOf('\n'); i >= 0; i = css.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  // [offset, source index] of each segment, in the order of the output.
  const segments: [number, number][] = [];
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length < 4) continue;
      source += fields[1]!;
      segments.push([(lineStarts[lineIndex] ?? css.length) + column, source]);
    }
  });
  return (offset) => {
    let low = 0;
    let high = segments.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (segments[middle]![0] <= offset) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found < 0 ? undefined : sources[segments[found]![1]];
  };
}

/** Eight characters of the content's hash, in the alphabet of esbuild's names. */
function contentHash(text: string): string {
  const digest = createHash('sha256').update(text).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return [...digest.subarray(0, 8)].map((byte) => alphabet[byte % 32]).join('');
}
