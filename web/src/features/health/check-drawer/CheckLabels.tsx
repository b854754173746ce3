import { Label, LabelGroup } from '@patternfly/react-core';

/** The check's labels as 'key: value' chips, sorted by key. */
export function CheckLabels({ labels }: { labels: Record<string, string> | null | undefined }) {
  const entries = Object.entries(labels ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <LabelGroup categoryName="Labels" numLabels={10} isCompact>
      {entries.map(([key, value]) => (
        <Label key={key} isCompact variant="outline">
          {value === '' ? key : `${key}: ${value}`}
        </Label>
      ))}
    </LabelGroup>
  );
}
