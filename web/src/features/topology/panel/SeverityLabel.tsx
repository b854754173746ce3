import { Label, type LabelProps } from '@patternfly/react-core';

/** Spec 3 §9's severity levels in the colours of their urgency. */
const SEVERITY_COLOUR: Record<string, LabelProps['color']> = {
  critical: 'red',
  blocker: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'green',
  info: 'blue',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An insight's or change's severity; nothing when it has none. */
export function SeverityLabel({ severity }: { severity?: string | null }) {
  if (!severity) return null;
  return (
    <Label isCompact color={SEVERITY_COLOUR[severity.toLowerCase()] ?? 'grey'}>
      {capitalised(severity)}
    </Label>
  );
}
