import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { Button } from '@patternfly/react-core';
import { CopyIcon } from '@patternfly/react-icons';
import { dump } from 'js-yaml';
import { CODE_BACKGROUND, CodeLines, type LineEvent } from './CodeLines.js';

export type CodeLanguage = 'yaml' | 'json' | 'text';
export type CodeViewerHeight = 'very-small' | 'small' | 'medium' | 'large' | 'full';

/** Spec 1 §9 names the code editor heights; the sizes are ours. 'full' fills the parent's height. */
export const CODE_VIEWER_HEIGHTS: Record<CodeViewerHeight, string> = {
  'very-small': '8rem',
  small: '16rem',
  medium: '32rem',
  large: '48rem',
  full: '100%',
};

export interface CodeViewerProps {
  /** Text shown as is; any other value is serialized with sorted keys (JSON for 'json', otherwise YAML). */
  value: unknown;
  /** Default 'text'. */
  language?: CodeLanguage;
  /** Default true. */
  lineNumbers?: boolean;
  /** Show a copy button; default true. */
  copy?: boolean;
  /** Default 'medium'. Content shorter than the height does not stretch, except for 'full'. */
  height?: CodeViewerHeight;
  /** 1-based line numbers to highlight. */
  selectedLines?: number[];
  /**
   * Makes the lines a selectable list: a click, or Enter or Space on the focused line (arrow keys,
   * Home and End move between lines), reports the line and the event (for its shift key).
   */
  onLineClick?: (line: number, event: LineEvent) => void;
  /** Called with the text by the default copy button (otherwise it writes to the clipboard itself). */
  onCopy?: (text: string) => void;
  /** Replaces the default copy button, e.g. the shared CopyButton with its toasts. */
  copyButton?: ReactNode | ((text: string) => ReactNode);
  /** Accessible name of the scrollable code region; default 'Code'. */
  'aria-label'?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A copy of the value with the keys of every plain object in sorted order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeysDeep(value[key])]),
  );
}

/** The text a CodeViewer shows for a value: strings as they are, anything else as JSON (2 spaces) or YAML. */
export function toCodeText(value: unknown, language: CodeLanguage = 'text'): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  const sorted = sortKeysDeep(value);
  if (language === 'json') return JSON.stringify(sorted, null, 2) ?? '';
  return dump(sorted, { skipInvalid: true, noRefs: true, lineWidth: -1 });
}

const MONO: CSSProperties = {
  fontFamily: 'var(--pf-t--global--font--family--mono)',
  fontSize: 'var(--pf-t--global--font--size--sm)',
  lineHeight: 1.5,
};
const FRAME: CSSProperties = {
  position: 'relative',
  border: '1px solid var(--pf-t--global--border--color--default)',
  borderRadius: 'var(--pf-t--global--border--radius--small)',
};
const COPY: CSSProperties = {
  position: 'absolute',
  top: 0,
  right: 'var(--pf-t--global--spacer--md)',
  zIndex: 1,
};
/** Read-only, monospace code with optional line numbers, highlighted lines and a copy button. */
export function CodeViewer({
  value,
  language = 'text',
  lineNumbers = true,
  copy = true,
  height = 'medium',
  selectedLines,
  onLineClick,
  onCopy,
  copyButton,
  'aria-label': ariaLabel = 'Code',
}: CodeViewerProps) {
  const text = useMemo(() => toCodeText(value, language), [value, language]);
  const lines = useMemo(() => text.replace(/\n$/, '').split('\n'), [text]);
  const size = CODE_VIEWER_HEIGHTS[height];

  const copyText = () =>
    onCopy ? onCopy(text) : void navigator.clipboard?.writeText(text).catch(() => undefined);

  return (
    <div style={{ ...FRAME, height: height === 'full' ? size : undefined }}>
      {copy && (
        <div style={COPY}>
          {typeof copyButton === 'function'
            ? copyButton(text)
            : (copyButton ?? (
                <Button
                  variant="plain"
                  aria-label="Copy to clipboard"
                  icon={<CopyIcon />}
                  onClick={copyText}
                />
              ))}
        </div>
      )}
      <div
        role="region"
        aria-label={ariaLabel}
        tabIndex={0}
        style={{
          ...MONO,
          overflow: 'auto',
          maxHeight: size,
          height: height === 'full' ? '100%' : undefined,
          background: CODE_BACKGROUND,
        }}
      >
        <pre style={{ margin: 0, width: 'max-content', minWidth: '100%', font: 'inherit' }}>
          <CodeLines
            lines={lines}
            lineNumbers={lineNumbers}
            selectedLines={selectedLines}
            onLineClick={onLineClick}
            aria-label={`${ariaLabel} lines`}
          />
        </pre>
      </div>
    </div>
  );
}
