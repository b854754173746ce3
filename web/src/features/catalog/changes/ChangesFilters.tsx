import { useState } from 'react';
import {
  Button,
  FormSelect,
  FormSelectOption,
  Label,
  LabelGroup,
  Switch,
  TextInput,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import useSWR from 'swr';
import { TimeRangePicker } from '../../../components/TimeRangePicker/index.js';
import { TriStateFilter } from '../../../components/ToggleFilter/index.js';
import { CHANGE_TYPES_KEY, CONFIG_TYPES_KEY, listChangeTypes, listConfigTypes } from './changes-api.js';
import {
  CHANGE_SEVERITIES,
  formatTag,
  hasActiveFilters,
  parseTags,
  TEXT_FILTERS,
  withTag,
  type ChangeSeverity,
  type ChangesFilters as Filters,
} from './changes-params.js';
import { TextFilterInput } from './TextFilterInput.js';

// The choices change rarely: fetched once a page, not on every focus.
const CHOICES = { revalidateOnFocus: false, dedupingInterval: 60_000 } as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface ChangesFiltersProps {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
  onClear: () => void;
  /** A config's list: the upstream and downstream toggles apply. */
  isConfigScope?: boolean;
}

/** Adds `key=value` (or `key!=value`) tag filters typed in, on Enter. */
function TagInput({ filters, onChange }: Pick<ChangesFiltersProps, 'filters' | 'onChange'>) {
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = () => {
    const [tag] = parseTags(draft);
    if (!tag || !tag.key || !tag.value) {
      setInvalid(draft.trim() !== '');
      return;
    }
    setDraft('');
    setInvalid(false);
    onChange({ tags: withTag(filters.tags, tag) });
  };
  return (
    <TextInput
      aria-label="Tag filter (key=value)"
      placeholder="Tag: key=value"
      value={draft}
      validated={invalid ? 'error' : 'default'}
      onChange={(_event, text) => setDraft(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') add();
      }}
    />
  );
}

/**
 * The filters of a changes list (spec 3 §2.1): change and config types included or excluded,
 * severity, time range, tags, the text filters, the toggles for related and deleted configs.
 * Every change goes to the URL at once.
 */
export function ChangesFilters({ filters, onChange, onClear, isConfigScope = false }: ChangesFiltersProps) {
  const changeTypes = useSWR(CHANGE_TYPES_KEY, listChangeTypes, CHOICES);
  const configTypes = useSWR(CONFIG_TYPES_KEY, listConfigTypes, CHOICES);

  return (
    <Toolbar aria-label="Change filters">
      <ToolbarContent>
        <ToolbarGroup>
          <ToolbarItem>
            <TriStateFilter
              label="Change type"
              options={changeTypes.data}
              isLoading={changeTypes.isLoading}
              value={filters.changeTypes}
              onChange={(value) => onChange({ changeTypes: value })}
            />
          </ToolbarItem>
          <ToolbarItem>
            <TriStateFilter
              label="Config type"
              options={configTypes.data}
              isLoading={configTypes.isLoading}
              value={filters.configTypes}
              onChange={(value) => onChange({ configTypes: value })}
            />
          </ToolbarItem>
          <ToolbarItem>
            <FormSelect
              aria-label="Severity"
              value={filters.severity ?? ''}
              onChange={(_event, value) =>
                onChange({ severity: (value || undefined) as ChangeSeverity | undefined })
              }
            >
              <FormSelectOption value="" label="All severities" />
              {CHANGE_SEVERITIES.map((severity) => (
                <FormSelectOption
                  key={severity}
                  value={severity}
                  label={`${capitalised(severity)} and above`}
                />
              ))}
            </FormSelect>
          </ToolbarItem>
          <ToolbarItem>
            <TimeRangePicker value={filters.range} onChange={(range) => onChange({ range })} />
          </ToolbarItem>
        </ToolbarGroup>
        <ToolbarGroup>
          {TEXT_FILTERS.map(({ name, label }) => (
            <ToolbarItem key={name}>
              <TextFilterInput
                label={label}
                value={filters.text[name]}
                onChange={(value) => onChange({ text: { [name]: value } })}
              />
            </ToolbarItem>
          ))}
          <ToolbarItem>
            <TagInput filters={filters} onChange={onChange} />
          </ToolbarItem>
        </ToolbarGroup>
        <ToolbarGroup alignItems="center">
          {isConfigScope && (
            <>
              <ToolbarItem>
                <Switch
                  id="changes-upstream"
                  label="Upstream"
                  isChecked={filters.upstream}
                  onChange={(_event, upstream) => onChange({ upstream })}
                />
              </ToolbarItem>
              <ToolbarItem>
                <Switch
                  id="changes-downstream"
                  label="Downstream"
                  isChecked={filters.downstream}
                  onChange={(_event, downstream) => onChange({ downstream })}
                />
              </ToolbarItem>
            </>
          )}
          <ToolbarItem>
            <Switch
              id="changes-deleted-configs"
              label="Show changes of deleted configs"
              isChecked={filters.includeDeletedConfigs}
              onChange={(_event, includeDeletedConfigs) => onChange({ includeDeletedConfigs })}
            />
          </ToolbarItem>
          {hasActiveFilters(filters) && (
            <ToolbarItem>
              <Button variant="link" isInline onClick={onClear}>
                Clear filters
              </Button>
            </ToolbarItem>
          )}
        </ToolbarGroup>
        {filters.tags.length > 0 && (
          <ToolbarGroup>
            <ToolbarItem>
              <LabelGroup categoryName="Tags">
                {filters.tags.map((tag) => {
                  const text = formatTag(tag);
                  return (
                    <Label
                      key={text}
                      isCompact
                      color={tag.exclude ? 'orangered' : 'blue'}
                      onClose={() => onChange({ tags: filters.tags.filter((other) => other !== tag) })}
                      closeBtnAriaLabel={`Remove tag filter ${text}`}
                    >
                      {text}
                    </Label>
                  );
                })}
              </LabelGroup>
            </ToolbarItem>
          </ToolbarGroup>
        )}
      </ToolbarContent>
    </Toolbar>
  );
}
