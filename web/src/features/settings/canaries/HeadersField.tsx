import { Button, Flex, FlexItem, TextInput } from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import type { Header } from './check-fields.js';

export interface HeadersFieldProps {
  id: string;
  headers: Header[];
  onChange: (headers: Header[]) => void;
  isDisabled: boolean;
  describedBy?: string;
}

/** HTTP headers as name and value rows, with add and remove. */
export function HeadersField({ id, headers, onChange, isDisabled, describedBy }: HeadersFieldProps) {
  const change = (index: number, patch: Partial<Header>) =>
    onChange(headers.map((header, at) => (at === index ? { ...header, ...patch } : header)));

  return (
    <Flex direction={{ default: 'column' }} spaceItems={{ default: 'spaceItemsSm' }} id={id}>
      {headers.map((header, index) => (
        <Flex key={index} flexWrap={{ default: 'nowrap' }} spaceItems={{ default: 'spaceItemsSm' }}>
          <FlexItem grow={{ default: 'grow' }}>
            <TextInput
              aria-label={`Header ${index + 1} name`}
              value={header.name}
              onChange={(_event, name) => change(index, { name })}
              isDisabled={isDisabled}
              validated={header.name.trim() === '' && header.value !== '' ? 'error' : 'default'}
              aria-describedby={describedBy}
            />
          </FlexItem>
          <FlexItem grow={{ default: 'grow' }}>
            <TextInput
              aria-label={`Header ${index + 1} value`}
              value={header.value}
              onChange={(_event, value) => change(index, { value })}
              isDisabled={isDisabled}
            />
          </FlexItem>
          {!isDisabled && (
            <Button
              variant="plain"
              aria-label={`Remove header ${index + 1}`}
              icon={<MinusCircleIcon />}
              onClick={() => onChange(headers.filter((_header, at) => at !== index))}
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
            onClick={() => onChange([...headers, { name: '', value: '' }])}
          >
            Add header
          </Button>
        </FlexItem>
      )}
    </Flex>
  );
}
