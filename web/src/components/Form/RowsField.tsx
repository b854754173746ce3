import { Button, Flex, FlexItem, TextInput } from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';

/** One row's texts by column key. */
export type Row = Record<string, string>;

/** A column of the rows: its key in a row and its name in the inputs ('Header 1 name'). */
export interface RowColumn {
  key: string;
  label: string;
  /** A row with anything in it needs this column. */
  required?: boolean;
}

export interface RowsFieldProps {
  id: string;
  /** What one row is ('header') and its columns. */
  row: { label: string; columns: readonly RowColumn[] };
  rows: Row[];
  onChange: (rows: Row[]) => void;
  isDisabled: boolean;
  describedBy?: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Repeatable rows of texts (HTTP headers, retention rules, key/value properties), with add and remove. */
export function RowsField({ id, row, rows, onChange, isDisabled, describedBy }: RowsFieldProps) {
  const change = (index: number, patch: Row) =>
    onChange(rows.map((current, at) => (at === index ? { ...current, ...patch } : current)));
  const filled = (current: Row) => Object.values(current).some((cell) => cell.trim() !== '');
  const emptyRow = () => Object.fromEntries(row.columns.map((column) => [column.key, '']));

  return (
    <Flex direction={{ default: 'column' }} spaceItems={{ default: 'spaceItemsSm' }} id={id}>
      {rows.map((current, index) => (
        <Flex key={index} flexWrap={{ default: 'nowrap' }} spaceItems={{ default: 'spaceItemsSm' }}>
          {row.columns.map((column) => {
            const cell = current[column.key] ?? '';
            const missing = column.required === true && cell.trim() === '' && filled(current);
            return (
              <FlexItem key={column.key} grow={{ default: 'grow' }}>
                <TextInput
                  aria-label={`${capitalized(row.label)} ${index + 1} ${column.label}`}
                  value={cell}
                  onChange={(_event, value) => change(index, { [column.key]: value })}
                  isDisabled={isDisabled}
                  validated={missing ? 'error' : 'default'}
                  aria-describedby={describedBy}
                />
              </FlexItem>
            );
          })}
          {!isDisabled && (
            <Button
              variant="plain"
              aria-label={`Remove ${row.label} ${index + 1}`}
              icon={<MinusCircleIcon />}
              onClick={() => onChange(rows.filter((_row, at) => at !== index))}
            />
          )}
        </Flex>
      ))}
      {!isDisabled && (
        <FlexItem>
          <Button
            variant="link"
            isInline
            icon={<PlusCircleIcon />}
            onClick={() => onChange([...rows, emptyRow()])}
          >
            Add {row.label}
          </Button>
        </FlexItem>
      )}
    </Flex>
  );
}
