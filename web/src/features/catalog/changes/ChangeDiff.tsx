import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { diffLines, type DiffLine } from './change-diff.js';
import './changes.css';

const MARKER: Record<DiffLine['kind'], string> = {
  added: '+',
  removed: '-',
  context: ' ',
  hunk: '',
  note: '',
};
const SPOKEN: Partial<Record<DiffLine['kind'], string>> = { added: 'added', removed: 'removed' };

/**
 * A unified diff as a table: old and new line numbers, then the line on green (added) or red
 * (removed), each hunk under its header. Text that is not a diff is shown as it is.
 */
export function ChangeDiff({ diff }: { diff: string }) {
  const lines = diffLines(diff);
  if (!lines) return <CodeViewer value={diff} aria-label="Diff" height="small" />;
  return (
    <div className="ops-change-diff" role="region" aria-label="Diff" tabIndex={0}>
      <table>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index} className={`ops-change-diff__${line.kind}`} data-kind={line.kind}>
              <td className="ops-change-diff__number" aria-hidden="true">
                {line.oldNumber}
              </td>
              <td className="ops-change-diff__number" aria-hidden="true">
                {line.newNumber}
              </td>
              <td className="ops-change-diff__text">
                {SPOKEN[line.kind] && <span className="pf-v6-screen-reader">{SPOKEN[line.kind]}: </span>}
                <span aria-hidden="true">{MARKER[line.kind]}</span>
                {line.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
