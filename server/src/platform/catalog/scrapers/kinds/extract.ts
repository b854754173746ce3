/**
 * The fields every scraper entry shares (config-db's BaseScraper), applied to a document read
 * by a kind: `items` splits one document into many, and `id`, `type`, `name`, `class`,
 * `description`, `status` and `health` are each a JSONPath when they start with `$` or `@`, a
 * literal otherwise. Name defaults to the id, class to the type. `labels` are literals; `tags` a
 * list of {name, value | label | jsonpath} (at most 5) or, the older form, a map of literals.
 * `createFields`/`deleteFields` are JSONPaths tried in turn, read with `timestampFormat` (a Go
 * layout, RFC 3339 by default). `properties` are kept when their CEL `filter` holds, their texts
 * rendered as Go templates over the item. An item without an id or a type is an error of that
 * item only.
 */
import { JSONPath } from 'jsonpath-plus';
import { load } from 'js-yaml';
import { evaluateCel } from '../../../../lib/cel.js';
import { renderGoTemplate } from '../../../../lib/go-template.js';
import type { ConfigHealth, ScrapeOutput, ScrapedItem } from '../types.js';
import { parseGoTime, RFC3339 } from './go-time.js';

export interface TagSpec {
  name: string;
  value?: string;
  label?: string;
  jsonpath?: string;
}

export interface ConfigProperty extends Record<string, unknown> {
  name?: string;
  /**
   * A CEL expression over the item (`config`, `id`, `name`, `type`, `class`, `status`, `health`,
   * `labels`, `tags`): the property is kept when true. Its texts are Go templates over the same.
   */
  filter?: string;
}

/** The base fields of a scraper entry, as the ScrapeConfig spec writes them. */
export type BaseFields = {
  id?: string;
  name?: string;
  description?: string;
  items?: string;
  type?: string;
  class?: string;
  format?: string;
  status?: string;
  health?: string;
  timestampFormat?: string;
  createFields?: string[];
  deleteFields?: string[];
  labels?: Record<string, string>;
  tags?: TagSpec[] | Record<string, string>;
  properties?: ConfigProperty[];
};

/** A mistake in the entry itself: the whole entry fails (and nothing is deleted). */
export class EntryError extends Error {}

export const MAX_TAGS = 5;

const HEALTH: readonly ConfigHealth[] = ['healthy', 'unhealthy', 'warning', 'unknown'];

export const isJsonPath = (text: string) => text.startsWith('$') || text.startsWith('@');

/** Every value `path` selects in `document` (none for a text document or a path that fails). */
export function jsonPathValues(path: string, document: unknown): unknown[] {
  if (document === null || typeof document !== 'object') return [];
  try {
    const values = JSONPath({ path: path.replace(/^@/, '$'), json: document, wrap: true, eval: 'safe' }) as
      unknown[] | undefined;
    return Array.isArray(values) ? values : [];
  } catch {
    return [];
  }
}

/** A scalar as text, as Go's %v prints it; objects and lists as JSON. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean | bigint);
}

/** The field's value for this document: the first JSONPath match, or the literal. */
function fieldOf(expression: string | undefined, document: unknown): string | undefined {
  if (!expression) return undefined;
  if (!isJsonPath(expression)) return expression;
  const [first] = jsonPathValues(expression, document);
  const text = asText(first);
  return text === '' ? undefined : text;
}

/** The entry's own mistakes, found before anything is read. */
export function checkBaseFields(base: BaseFields): void {
  if (Array.isArray(base.tags)) {
    if (base.tags.length > MAX_TAGS)
      throw new EntryError(`too many tags (${base.tags.length}): at most ${MAX_TAGS} are allowed`);
    const seen = new Set<string>();
    for (const tag of base.tags) {
      const name = tag.name?.trim();
      if (!name) throw new EntryError('a tag has no name');
      if (seen.has(name)) throw new EntryError(`tag ${name} is given twice`);
      seen.add(name);
      if (!tag.value?.trim() && !tag.label?.trim() && !tag.jsonpath?.trim())
        throw new EntryError(`tag ${name} needs a value, a label or a jsonpath`);
      if (tag.jsonpath?.trim() && !isJsonPath(tag.jsonpath.trim()))
        throw new EntryError(`tag ${name}: '${tag.jsonpath}' is not a JSONPath (it starts with $)`);
    }
  }
  if (base.items !== undefined && base.items !== '' && !isJsonPath(base.items))
    throw new EntryError(`items '${base.items}' is not a JSONPath (it starts with $)`);
}

function labelsOf(base: BaseFields): Record<string, string> | undefined {
  if (!base.labels || typeof base.labels !== 'object') return undefined;
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(base.labels)) labels[key] = asText(value);
  return Object.keys(labels).length ? labels : undefined;
}

function tagsOf(
  base: BaseFields,
  labels: Record<string, string> | undefined,
  document: unknown,
): Record<string, string> | undefined {
  const tags: Record<string, string> = {};
  if (Array.isArray(base.tags)) {
    for (const tag of base.tags) {
      const name = tag.name.trim();
      let value: string | undefined = tag.value?.trim() || undefined;
      if (value === undefined && tag.label?.trim()) value = labels?.[tag.label.trim()];
      if (value === undefined && tag.jsonpath?.trim()) value = fieldOf(tag.jsonpath.trim(), document);
      if (value !== undefined) tags[name] = value;
    }
  } else if (base.tags && typeof base.tags === 'object') {
    for (const [key, value] of Object.entries(base.tags)) tags[key] = asText(value);
  }
  return Object.keys(tags).length ? tags : undefined;
}

function healthOf(text: string | undefined): ConfigHealth | undefined {
  if (text === undefined) return undefined;
  const health = text.trim().toLowerCase() as ConfigHealth;
  return HEALTH.includes(health) ? health : 'unknown';
}

function timestampOf(fields: string[] | undefined, layout: string, document: unknown): Date | undefined {
  for (const field of fields ?? []) {
    if (!isJsonPath(field)) continue;
    const text = fieldOf(field, document);
    const date = text === undefined ? undefined : parseGoTime(text, layout);
    if (date) return date;
  }
  return undefined;
}

/** What a property's filter and templates see of the item. */
const itemView = (item: ScrapedItem) => ({
  config: item.config,
  id: item.id,
  name: item.name,
  type: item.type,
  class: item.configClass ?? item.type,
  status: item.status ?? '',
  health: item.health ?? '',
  labels: item.labels ?? {},
  tags: item.tags ?? {},
});

/** Every text of a property (its links' too) rendered as a Go template, with `{{ }}` or `$( )`. */
function templated(value: unknown, data: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    let text = value;
    if (text.includes('{{')) text = renderGoTemplate(text, data, { valueFunctions: true });
    if (text.includes('$('))
      text = renderGoTemplate(text, data, { valueFunctions: true, delims: ['$(', ')'] });
    return text;
  }
  if (Array.isArray(value)) return value.map((v) => templated(v, data));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templated(v, data)]));
  return value;
}

function propertiesOf(
  base: BaseFields,
  item: ScrapedItem,
  errors: string[],
  where: string,
): unknown[] | undefined {
  if (!Array.isArray(base.properties) || base.properties.length === 0) return undefined;
  const view = itemView(item);
  const kept: unknown[] = [];
  for (const property of base.properties) {
    const { filter, ...rest } = property;
    const name = property.name ?? '(unnamed)';
    if (filter) {
      let result: unknown;
      try {
        result = evaluateCel(filter, view);
      } catch (error) {
        errors.push(`${where}: the filter of property ${name} failed: ${(error as Error).message}`);
        continue;
      }
      if (result !== true && result !== 'true') continue;
    }
    try {
      kept.push(templated(rest, view));
    } catch (error) {
      errors.push(`${where}: property ${name} could not be templated: ${(error as Error).message}`);
    }
  }
  return kept.length ? kept : undefined;
}

/** A text document read in the entry's `format`: json, yaml and properties become objects, others stay text. */
export function parseDocument(text: string, format: string | undefined): unknown {
  switch ((format ?? '').toLowerCase()) {
    case 'json':
      return JSON.parse(text) as unknown;
    case 'yaml':
    case 'yml':
      return load(text);
    case 'properties':
      return parseProperties(text);
    default:
      return text;
  }
}

/** Java-style `key=value` / `key: value` lines; comments (#, !) and trailing comments outside quotes dropped. */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.split('\t')[0]!;
    let quoted = false;
    for (let i = 0; i < value.length; i += 1) {
      if (value[i] === "'") quoted = !quoted;
      if (value[i] === '#' && !quoted) {
        value = value.slice(0, i);
        break;
      }
    }
    out[match[1]!] = value.trim();
  }
  return out;
}

export interface ExtractOptions {
  /** Where the document came from (a file, a URL without credentials): the items' `source`. */
  source?: string;
  /** The document's format when it is text that stays text (xml, txt, ...). */
  format?: string;
  /** Names the document in errors ("file a.json", "row 3"). */
  label?: string;
}

/** The items a document holds under the entry's base fields, and what went wrong per item. */
export function extractItems(
  document: unknown,
  base: BaseFields,
  options: ExtractOptions = {},
): { items: ScrapedItem[]; errors: string[] } {
  let documents: unknown[] = [document];
  if (base.items) {
    documents = jsonPathValues(base.items, document);
    // A path that names the list itself ($.items) splits it as one that names its elements ($.items[*]).
    if (documents.length === 1 && Array.isArray(documents[0])) documents = documents[0] as unknown[];
  }
  const items: ScrapedItem[] = [];
  const errors: string[] = [];
  const layout = base.timestampFormat || RFC3339;
  const labels = labelsOf(base);
  documents.forEach((doc, index) => {
    const where =
      [options.label, base.items ? `item ${index + 1}` : undefined].filter(Boolean).join(', ') ||
      'the document';
    const id = fieldOf(base.id, doc);
    if (!id) {
      errors.push(`${where}: no id (${base.id ? `${base.id} found nothing` : 'the entry has no id'})`);
      return;
    }
    const type = fieldOf(base.type, doc);
    if (!type) {
      errors.push(
        `${where}: no type for ${id} (${base.type ? `${base.type} found nothing` : 'the entry has no type'})`,
      );
      return;
    }
    const item: ScrapedItem = {
      id,
      type,
      name: fieldOf(base.name, doc) ?? id,
      configClass: fieldOf(base.class, doc) ?? type,
      config: doc,
    };
    const description = fieldOf(base.description, doc);
    if (description !== undefined) item.description = description;
    const status = fieldOf(base.status, doc);
    if (status !== undefined) item.status = status;
    const health = healthOf(fieldOf(base.health, doc));
    if (health) item.health = health;
    if (labels) item.labels = { ...labels };
    const tags = tagsOf(base, labels, doc);
    if (tags) item.tags = tags;
    if (typeof doc === 'string') item.format = options.format ?? base.format ?? 'text';
    else if (base.format && !['json', 'yaml', 'yml', 'properties'].includes(base.format.toLowerCase()))
      item.format = base.format;
    if (options.source) item.source = options.source;
    const createdAt = timestampOf(base.createFields, layout, doc);
    if (createdAt) item.createdAt = createdAt;
    const deletedAt = timestampOf(base.deleteFields, layout, doc);
    if (deletedAt) item.deletedAt = deletedAt;
    const properties = propertiesOf(base, item, errors, where);
    if (properties) item.properties = properties;
    items.push(item);
  });
  return { items, errors };
}

/**
 * The output of one entry. It names no complete types: a clean read is the whole truth for every
 * type of the scraper (the engine's default, config-db's rule), a read with errors for none.
 */
export function entryOutput(items: ScrapedItem[], errors: string[]): ScrapeOutput {
  return errors.length ? { items, errors } : { items };
}
