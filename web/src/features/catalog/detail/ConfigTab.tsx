import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Content, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { Can } from '../../../components/Can/index.js';
import { CodeViewer, toCodeText } from '../../../components/CodeViewer/index.js';
import { withRestStyles } from '../../../lib/rest-styles.js';
import { configBody } from './config-api.js';
import { useConfigOutlet } from './config-outlet.js';
import { clickLine, configLinesEvidence, readSelectedLines, writeSelectedLines } from './line-selection.js';

// The incidents area's dialog loads when first opened, outside the page's first load, with the
// other pages' styles (a modal's are not in the first load's).
const LinkToIncidentModal = lazy(
  withRestStyles(async () => ({
    default: (await import('../../incidents/index.js')).LinkToIncidentModal,
  })),
);

export const NO_CONFIG_BODY = 'This item has no config';

const linesSelected = (count: number) => `${count} ${count === 1 ? 'line' : 'lines'} selected`;

/**
 * /catalog/{id}: the config's body as code in its format (JSON by default), keys sorted, with line
 * numbers. Clicked lines (shift-click for a range; Enter or Space on a line focused with the arrow
 * keys) are kept in the URL as repeated `selected`
 * parameters, scrolled into view when the page opens with them, and can be attached to an
 * incident as evidence.
 */
export function ConfigTab() {
  const { config } = useConfigOutlet();
  const [params, setParams] = useSearchParams();
  const [attaching, setAttaching] = useState(false);

  const text = useMemo(() => {
    const body = configBody(config);
    return toCodeText(body.value, body.language);
  }, [config]);
  const lines = useMemo(() => text.replace(/\n$/, '').split('\n'), [text]);
  const selected = useMemo(() => readSelectedLines(params, lines.length), [params, lines.length]);

  // The line of the last plain click, where a shift-click's range starts.
  const anchor = useRef<number | undefined>(undefined);
  const onLineClick = useCallback(
    (line: number, event: { shiftKey: boolean }) => {
      if (event.shiftKey) window.getSelection()?.removeAllRanges();
      const next = clickLine(selected, line, { anchor: anchor.current, shift: event.shiftKey });
      anchor.current = line;
      setParams((current) => writeSelectedLines(current, next), { replace: true });
    },
    [selected, setParams],
  );
  const clear = () => {
    anchor.current = undefined;
    setParams((current) => writeSelectedLines(current, []), { replace: true });
  };

  // A shared link opens at its first selected line, once.
  const code = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || selected.length === 0) return;
    scrolled.current = true;
    const row = code.current?.querySelector('code')?.children[selected[0]! - 1];
    row?.scrollIntoView?.({ block: 'center' });
  }, [selected]);

  if (text.trim() === '') return <Content component="p">{NO_CONFIG_BODY}</Content>;

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          {selected.length > 0 && (
            <>
              <ToolbarItem alignSelf="center">
                <span aria-live="polite">{linesSelected(selected.length)}</span>
              </ToolbarItem>
              <ToolbarItem>
                <Button variant="link" onClick={clear}>
                  Clear
                </Button>
              </ToolbarItem>
            </>
          )}
          <Can do="incidents.attach">
            <ToolbarItem>
              <Button variant="secondary" onClick={() => setAttaching(true)}>
                Attach as Evidence
              </Button>
            </ToolbarItem>
          </Can>
        </ToolbarContent>
      </Toolbar>
      <div ref={code}>
        <CodeViewer
          value={text}
          language="text"
          height="large"
          selectedLines={selected}
          onLineClick={onLineClick}
          aria-label="Config"
        />
      </div>
      {attaching && (
        <Suspense fallback={null}>
          <LinkToIncidentModal
            title="Attach as Evidence"
            isOpen
            evidence={{
              type: 'config',
              config_id: config.id,
              evidence: configLinesEvidence(config, lines, selected),
            }}
            onClose={() => setAttaching(false)}
          />
        </Suspense>
      )}
    </>
  );
}
