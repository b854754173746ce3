import type { CSSProperties } from 'react';
import type { DiffLine } from './cluster-object.js';

const FRAME: CSSProperties = {
  maxHeight: '24rem',
  overflow: 'auto',
  border: '1px solid var(--pf-t--global--border--color--default)',
  borderRadius: 'var(--pf-t--global--border--radius--small)',
};
const CODE: CSSProperties = {
  margin: 0,
  fontFamily: 'var(--pf-t--global--font--family--mono)',
  fontSize: 'var(--pf-t--global--font--size--sm)',
  lineHeight: 1.5,
};
const LINE: Record<DiffLine['kind'], CSSProperties> = {
  added: { background: 'var(--pf-t--global--color--nonstatus--green--default)' },
  removed: { background: 'var(--pf-t--global--color--nonstatus--red--default)' },
  same: {},
  skipped: { color: 'var(--pf-t--global--text--color--subtle)', fontStyle: 'italic' },
};
/** The sign each line starts with, as in a unified diff: it is what a screen reader announces too. */
const SIGN = { added: '+ ', removed: '- ', same: '  ' } as const;

/** A YAML line diff: added lines green with '+', removed red with '-', long unchanged runs folded. */
export function DiffView({ lines, 'aria-label': ariaLabel }: { lines: DiffLine[]; 'aria-label': string }) {
  return (
    // Focusable, so the keyboard can scroll it.
    <div role="region" aria-label={ariaLabel} tabIndex={0} style={FRAME}>
      <pre style={CODE}>
        {lines.map((line, index) => (
          <div key={index} style={LINE[line.kind]}>
            {line.kind === 'skipped'
              ? `  … ${line.count} unchanged line${line.count === 1 ? '' : 's'}`
              : `${SIGN[line.kind]}${line.text}`}
          </div>
        ))}
      </pre>
    </div>
  );
}
