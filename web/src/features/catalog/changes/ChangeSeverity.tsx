import { Label, type LabelProps } from '@patternfly/react-core';

const COLOURS: Record<string, LabelProps['color']> = {
  critical: 'red',
  blocker: 'red',
  high: 'orangered',
  medium: 'orange',
  warning: 'orange',
  low: 'yellow',
  info: 'blue',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A change's severity in its colour; nothing for a change without one. */
export function ChangeSeverity({ severity }: { severity?: string | null }) {
  if (!severity) return null;
  return (
    <Label isCompact color={COLOURS[severity] ?? 'grey'} data-severity={severity}>
      {capitalised(severity)}
    </Label>
  );
}
