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

/** Every node of a tree, depth first, with the range tables of the queries around it. */
function* nodes(item: Item, scopes: Group[][] = []): Generator<{ node: Group; scopes: Group[][] }> {
  if (typeof item !== 'object') return;
  const isQuery = isNode(item, 'QUERY');
  if (isQuery) {
    const rtable = field(item, 'rtable');
    const entries = typeof rtable === 'object' ? rtable.items : [];
    scopes = [...scopes, entries.filter((entry) => isNode(entry, 'RANGETBLENTRY'))];
  }
  if (item.open === '{') yield { node: item, scopes };
  for (const child of item.items) yield* nodes(child, scopes);
}

const relationIdOf = (entry: Group | undefined): string | null => {
  if (!entry || field(entry, 'rtekind') !== '0') return null;
  const relid = field(entry, 'relid');
  return typeof relid === 'string' && /^[1-9]\d*$/.test(relid) ? relid : null;
};

/**
 * The relations (oids, as text) a view reads a whole row of (`to_jsonb(p)`, `row_to_json(p)`):
 * Postgres records no column dependency for those. A whole row of anything but a table (a join,
 * a subquery, a CTE) counts as a whole row of every relation the view reads, erring on the side
 * of hiding. An empty list when the definition can't be read.
 */
export function wholeRowRelationIds(definition: string): string[] {
  let tree: Group;
  try {
    tree = parse(definition);
  } catch {
    return [];
  }
  const found = new Set<string>();
  const everything = new Set<string>();
  let unresolved = false;
  for (const { node, scopes } of nodes(tree)) {
    if (isNode(node, 'RANGETBLENTRY')) {
      const id = relationIdOf(node);
      if (id) everything.add(id);
    }
    if (!isNode(node, 'VAR') || field(node, 'varattno') !== '0') continue;
    const rtable = scopes[scopes.length - 1 - Number(field(node, 'varlevelsup'))];
    const id = relationIdOf(rtable?.[Number(field(node, 'varno')) - 1]);
    if (id) found.add(id);
    else unresolved = true;
  }
  return [...(unresolved ? new Set([...found, ...everything]) : found)];
}
