/**
 * Where each value of a YAML document sits in its text, by JSON pointer: js-yaml's load() gives
 * no positions, but its event stream (parseEvents) carries the source offset of every node.
 */
import { EVENT_ID, getScalarValue, parseEvents, SCALAR_STYLE, type Event } from 'js-yaml';

export interface Position {
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
}

interface Frame {
  kind: 'mapping' | 'sequence';
  pointer: string;
  /** sequence: the next item's index */
  index: number;
  /** mapping: the key whose value comes next; undefined while a key is expected */
  key: string | undefined;
  /** this collection is itself a mapping key (complex key): its content has no pointer */
  isKey: boolean;
}

export interface YamlLocator {
  /** Where the value at `pointer` starts; the nearest located ancestor when it has none. */
  value(pointer: string): Position;
  /** Where the key naming the value at `pointer` starts; falls back to value(). */
  key(pointer: string): Position;
}

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Offsets → 1-based line and column. */
function positionsOf(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
}

function startOf(event: Event): number {
  switch (event.type) {
    case EVENT_ID.SCALAR: {
      // A quoted scalar's value starts after its quote.
      const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
      const start = quoted ? event.valueStart - 1 : event.valueStart;
      return event.anchorStart >= 0 ? Math.min(event.anchorStart, start) : start;
    }
    case EVENT_ID.MAPPING:
    case EVENT_ID.SEQUENCE:
      return event.start;
    case EVENT_ID.ALIAS:
      return event.anchorStart - 1;
    default:
      return -1;
  }
}

function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/** Reads the positions of a document js-yaml has already loaded without error. */
export function locateYaml(text: string): YamlLocator {
  const at = positionsOf(text);
  const values = new Map<string, number>();
  const keys = new Map<string, number>();
  const stack: Frame[] = [];
  let keyDepth = 0;

  // The pointer of the node this event is, and whether it is a mapping key.
  const place = (): { pointer: string | undefined; isKey: boolean } => {
    const parent = stack.at(-1);
    if (!parent) return { pointer: '', isKey: false };
    // Inside a complex (collection) key nothing has a pointer.
    if (keyDepth > 0) return { pointer: undefined, isKey: false };
    if (parent.kind === 'sequence') return { pointer: `${parent.pointer}/${parent.index++}`, isKey: false };
    if (parent.key === undefined) return { pointer: undefined, isKey: true };
    const pointer = `${parent.pointer}/${escapeToken(parent.key)}`;
    parent.key = undefined;
    return { pointer, isKey: false };
  };

  for (const event of parseEvents(text, {})) {
    if (event.type === EVENT_ID.DOCUMENT) continue;
    if (event.type === EVENT_ID.POP) {
      const frame = stack.pop();
      if (frame?.isKey) {
        keyDepth--;
        // A complex key names its value '?': good enough to locate what follows it.
        const parent = stack.at(-1);
        if (parent && keyDepth === 0) parent.key = '?';
      }
      continue;
    }
    const { pointer, isKey } = place();
    const start = startOf(event);
    if (isKey) {
      const parent = stack.at(-1)!;
      if (event.type === EVENT_ID.SCALAR) {
        parent.key = getScalarValue(text, event);
        keys.set(`${parent.pointer}/${escapeToken(parent.key)}`, start);
      } else if (event.type === EVENT_ID.ALIAS) parent.key = '?';
    } else if (pointer !== undefined && start >= 0) values.set(pointer, start);
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
      if (isKey) keyDepth++;
      stack.push({
        kind: event.type === EVENT_ID.MAPPING ? 'mapping' : 'sequence',
        pointer: pointer ?? '',
        index: 0,
        key: undefined,
        isKey,
      });
    }
  }

  const nearest = (pointer: string): number => {
    for (let p: string | undefined = pointer; p !== undefined; p = parentPointer(p)) {
      const offset = values.get(p);
      if (offset !== undefined) return offset;
    }
    return 0;
  };
  return {
    value: (pointer) => at(nearest(pointer)),
    key: (pointer) => {
      const offset = keys.get(pointer);
      return at(offset ?? nearest(pointer));
    },
  };
}
