/**
 * Which base column each output column of a view is, read from the view's stored rewrite rule
 * (`pg_rewrite.ev_action`, a pg_node_tree). Postgres records in each target entry of the view's
 * query the table and column it comes from (`:resorigtbl`, `:resorigcol`) when the output is a
 * plain column reference, through subqueries in FROM and joins; computed columns, and set
 * operations (UNION), have none. Only the view's own output is read, never its subqueries.
 */
export interface ViewColumnOrigin {
  /** The view's output column. */
  column: string;
  /** The oid of the table or view it comes from (as text) and that relation's column number. */
  relationId: string;
  attributeNumber: number;
}

type Item = string | Group;
interface Group {
  /** '{' for a node (its first item is the node type), '(' for a list. */
  open: '{' | '(';
  items: Item[];
}

/** Splits a node tree into tokens as Postgres's pg_strtok does (backslash escapes a character). */
function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === ' ' || char === '\n' || char === '\t') i++;
    else if ('(){}'.includes(char)) out.push(text[i++]!);
    else {
      const start = i;
      while (i < text.length && !' \n\t(){}'.includes(text[i]!)) i += text[i] === '\\' ? 2 : 1;
      out.push(text.slice(start, i));
    }
  }
  return out;
}

function parse(text: string): Group {
  const root: Group = { open: '(', items: [] };
  const stack: Group[] = [root];
  for (const token of tokens(text)) {
    const top = stack.at(-1)!;
    if (token === '{' || token === '(') {
      const group: Group = { open: token, items: [] };
      top.items.push(group);
      stack.push(group);
    } else if (token === '}' || token === ')') {
      if (stack.length === 1) throw new Error('Unbalanced node tree');
      stack.pop();
    } else top.items.push(token);
  }
  if (stack.length !== 1) throw new Error('Unbalanced node tree');
  return root;
}

const isNode = (item: Item | undefined, type: string): item is Group =>
  typeof item === 'object' && item.open === '{' && item.items[0] === type;

/** A field of a node: the item after `:name`. */
function field(node: Group, name: string): Item | undefined {
  const index = node.items.indexOf(`:${name}`);
  return index === -1 ? undefined : node.items[index + 1];
}

/** An identifier as outToken wrote it: `<>` is empty, backslashes escape. */
const unescape = (token: string) => (token === '<>' ? '' : token.replace(/\\(.)/gs, '$1'));

/** The origins of a view's output columns; an empty list when the definition can't be read. */
export function viewColumnOrigins(definition: string): ViewColumnOrigin[] {
  let tree: Group;
  try {
    tree = parse(definition);
  } catch {
    return [];
  }
  // The rule's actions: `({QUERY ...})`, one query for a view.
  const actions = tree.items[0];
  const query = typeof actions === 'object' ? actions.items[0] : undefined;
  if (!isNode(query, 'QUERY')) return [];
  const targetList = field(query, 'targetList');
  if (typeof targetList !== 'object') return [];
  const origins: ViewColumnOrigin[] = [];
  for (const entry of targetList.items) {
    if (!isNode(entry, 'TARGETENTRY') || field(entry, 'resjunk') === 'true') continue;
    const name = field(entry, 'resname');
    const relationId = field(entry, 'resorigtbl');
    const attributeNumber = Number(field(entry, 'resorigcol'));
    if (typeof name !== 'string' || typeof relationId !== 'string' || !/^[1-9]\d*$/.test(relationId))
      continue;
    if (!Number.isInteger(attributeNumber) || attributeNumber <= 0) continue;
    origins.push({ column: unescape(name), relationId, attributeNumber });
  }
  return origins;
}
