/**
 * The bench's figures as one table: figure | one column per back end | budget | verdict. With a
 * second build (--against) each cell shows A, B and the ratio B/A.
 */

/** `rate`: things per second. */
export type Unit = 'ms' | 'MB' | 'KB' | 'count' | 'ratio' | 'rate';

/** A ceiling the figure must stay under (`max` itself is over, as in `< 200 ms`, unless `orEqual`). */
export interface Limit {
  max: number;
  text: string;
  orEqual?: boolean;
}

export interface RowSpec {
  figure: string;
  unit: Unit;
  budget?: Limit;
  goal?: Limit;
}

/** A figure per back end (column) and per build (A = 0, B = 1); a string says why it is missing. */
type Cell = number | string | undefined;

export class Results {
  private readonly rows: { spec: RowSpec; cells: Map<string, Cell[]> }[] = [];
  private readonly notMeasured: { figure: string; why: string }[] = [];

  constructor(
    readonly columns: readonly string[],
    readonly builds: readonly string[],
  ) {}

  private row(spec: RowSpec) {
    let row = this.rows.find((r) => r.spec.figure === spec.figure);
    if (!row) {
      row = { spec, cells: new Map() };
      this.rows.push(row);
    }
    return row;
  }

  /** Rows in the order given, before any figure arrives (a part may measure them out of order). */
  declare(specs: readonly RowSpec[]): void {
    specs.forEach((spec) => this.row(spec));
  }

  set(spec: RowSpec, column: string, build: number, value: number | string): void {
    const cells = this.row(spec).cells;
    const values = cells.get(column) ?? [];
    values[build] = value;
    cells.set(column, values);
  }

  /** The same figure for every build, in build order. */
  setAll(spec: RowSpec, column: string, values: readonly (number | string)[]): void {
    values.forEach((value, build) => this.set(spec, column, build, value));
  }

  /**
   * Figures measured per build, each field in the row `rows` gives for it: `{ p50: ROWS.renderP50,
   * p95: ROWS.renderP95 }` puts every build's p50 and p95 of a timing in their two rows.
   */
  setFields<K extends string>(
    rows: Record<K, RowSpec>,
    column: string,
    figures: readonly NoInfer<Record<K, number | string>>[],
  ): void {
    for (const field of Object.keys(rows) as K[])
      this.setAll(
        rows[field],
        column,
        figures.map((figure) => figure[field]),
      );
  }

  skip(figure: string, why: string): void {
    this.notMeasured.push({ figure, why });
  }

  format(): string {
    const header = ['figure', ...this.columns, 'budget', 'verdict (A)'];
    const measured = this.rows.filter(({ cells }) => cells.size > 0);
    const body = measured.map(({ spec, cells }) => [
      spec.figure,
      ...this.columns.map((column) => formatCell(spec.unit, cells.get(column) ?? [], this.builds.length)),
      [spec.budget?.text, spec.goal && `goal ${spec.goal.text}`].filter(Boolean).join('; ') || '-',
      verdict(
        spec,
        this.columns.map((c) => [c, cells.get(c)?.[0]] as const),
      ),
    ]);
    const lines = [...table([header, ...body])];
    for (const { figure, why } of this.notMeasured) lines.push(`${figure}: not measured: ${why}`);
    return lines.join('\n');
  }
}

export function formatValue(unit: Unit, value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'ms':
      return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
    case 'MB':
      return `${value.toFixed(0)} MB`;
    case 'KB':
      return `${value.toFixed(1)} KB`;
    case 'count':
      return String(Math.round(value));
    case 'ratio':
      return `${value.toFixed(2)}x`;
    case 'rate':
      return `${value.toFixed(1)} /s`;
  }
}

/** B/A, or "-" when either is missing or A is zero. */
export function ratio(a: Cell, b: Cell): string {
  if (typeof a !== 'number' || typeof b !== 'number' || a === 0) return '-';
  return `${(b / a).toFixed(2)}x`;
}

function formatCell(unit: Unit, values: Cell[], builds: number): string {
  const one = (value: Cell) =>
    value === undefined ? '-' : typeof value === 'string' ? value : formatValue(unit, value);
  if (builds === 1 || values.every((value) => value === undefined)) return one(values[0]);
  return `${one(values[0])} → ${one(values[1])} (B/A ${ratio(values[0], values[1])})`;
}

/** "within budget" when every back end's figure of build A is under the budget; the goal likewise. */
export function verdict(spec: RowSpec, cells: readonly (readonly [string, Cell])[]): string {
  if (!spec.budget) return '-';
  const measured = cells.filter((c): c is readonly [string, number] => typeof c[1] === 'number');
  if (measured.length === 0) return '-';
  const over = (limit: Limit) =>
    measured
      .filter(([, value]) => !(value < limit.max || (limit.orEqual && value === limit.max)))
      .map(([column]) => column);
  const overBudget = over(spec.budget);
  let text = overBudget.length === 0 ? 'within budget' : `OVER BUDGET (${overBudget.join(', ')})`;
  if (spec.goal) {
    const missed = over(spec.goal);
    text += missed.length === 0 ? ', goal met' : `, goal missed (${missed.join(', ')})`;
  }
  return text;
}

/** Rows of cells as aligned text columns. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line)];
}
