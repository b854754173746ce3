import { FormSelect, FormSelectOption, ToolbarItem } from '@patternfly/react-core';

export interface FilterSelectOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  /** The select's accessible name. */
  label: string;
  /** The 'any' choice, whose value is ''. */
  anyLabel: string;
  value: string;
  options: readonly FilterSelectOption[];
  onChange: (value: string) => void;
}

/**
 * A list page's toolbar filter: one native select with an 'any' choice first. A value named by
 * a link stays chosen (and shown) until its choices have loaded, or when they no longer hold it.
 */
export function FilterSelect({ label, anyLabel, value, options, onChange }: FilterSelectProps) {
  const all =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <ToolbarItem>
      <FormSelect aria-label={label} value={value} onChange={(_event, next) => onChange(next)}>
        <FormSelectOption value="" label={anyLabel} />
        {all.map((option) => (
          <FormSelectOption key={option.value} value={option.value} label={option.label} />
        ))}
      </FormSelect>
    </ToolbarItem>
  );
}
