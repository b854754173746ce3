import { useEffect, useRef, useState } from 'react';
import {
  Button,
  FormSelect,
  FormSelectOption,
  Label,
  LabelGroup,
  MenuToggle,
  SearchInput,
  Select,
  SelectGroup,
  SelectList,
  SelectOption,
  Switch,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { CogIcon } from '@patternfly/react-icons';
import useSWR from 'swr';
import { OnDemandPopover } from '../../../components/OnDemand/index.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  CHOICES_CACHE_MS,
  CONFIG_STATUSES_KEY,
  CONFIG_TAGS_KEY,
  CONFIG_TYPES_KEY,
  listConfigStatuses,
  listConfigTags,
  listConfigTypes,
  tagGroupChoices,
  type ConfigTag,
} from './catalog-list-api.js';
import {
  GROUP_BY_CHOICES,
  HEALTH_CHOICES,
  type CatalogListParams,
  type GroupByKey,
  type ListChange,
  type Tristate,
} from './list-params.js';

const SEARCH_DEBOUNCE_MS = 400;

/** A list fetched once and cached: the filter choices. */
function useChoices<T>(key: string, load: () => Promise<T>) {
  return useSWR<T>(key, load, { revalidateOnFocus: false, dedupingInterval: CHOICES_CACHE_MS });
}

/** A single choice of a tristate filter: the one included value, or none. */
const single = (tristate: Tristate) =>
  tristate.include.length === 1 && !tristate.exclude.length ? tristate.include[0]! : '';
const asTristate = (value: string): Tristate => ({ include: value ? [value] : [], exclude: [] });

interface ToolbarProps {
  params: CatalogListParams;
  /** The grouping in effect, shown in the group-by choice. */
  groupBy: GroupByKey[];
  onChange: (change: ListChange) => void;
  hideDeleted: boolean;
  onHideDeletedChange: (hide: boolean) => void;
}

/** The search box, written to the URL once typing pauses; a URL change (back, a link) shows in it. */
function CatalogSearch({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const written = useRef(value);
  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (settled.trim() !== written.current) {
      written.current = settled.trim();
      onChange(settled);
    }
  }, [settled, onChange]);
  return (
    <SearchInput
      aria-label="Search catalog"
      placeholder="Search"
      value={text}
      onChange={(_event, next) => setText(next)}
      onClear={() => {
        setText('');
        written.current = '';
        onChange('');
      }}
    />
  );
}

function GroupBySelect({
  value,
  tags,
  configType,
  onChange,
}: {
  value: GroupByKey[];
  tags: ConfigTag[];
  configType?: string;
  onChange: (groupBy: GroupByKey[]) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  // With one type chosen, grouping by type or provider says nothing.
  const fixed = GROUP_BY_CHOICES.filter(
    (c) => !configType || (c.value !== 'type' && c.value !== 'config_class'),
  );
  const tagChoices = tagGroupChoices(tags);
  const id = (g: GroupByKey) => (g.isTag ? `tag:${g.key}` : g.key);
  const chosen = new Set(value.map(id));
  const labelOf = (g: GroupByKey) =>
    g.isTag ? g.key : (GROUP_BY_CHOICES.find((c) => c.value === g.key)?.label ?? g.key);
  const toggle = (choice: GroupByKey) =>
    onChange(chosen.has(id(choice)) ? value.filter((g) => id(g) !== id(choice)) : [...value, choice]);
  const summary = value.length ? value.map(labelOf).join(', ') : 'None';

  return (
    <Select
      role="menu"
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelect={(_event, selected) => {
        if (typeof selected !== 'string') return;
        toggle(
          selected.startsWith('tag:')
            ? { key: selected.slice(4), isTag: true }
            : { key: selected, isTag: false },
        );
      }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          isExpanded={isOpen}
          onClick={() => setOpen(!isOpen)}
          aria-label={`Group by: ${summary}`}
        >
          Group by: {summary}
        </MenuToggle>
      )}
    >
      <SelectList aria-label="Group by">
        {fixed.map((choice) => (
          <SelectOption
            key={choice.value}
            value={choice.value}
            hasCheckbox
            isSelected={chosen.has(choice.value)}
          >
            {choice.label}
          </SelectOption>
        ))}
      </SelectList>
      {tagChoices.length > 0 && (
        <SelectGroup label="Tags">
          <SelectList aria-label="Group by tag">
            {tagChoices.map((choice) => (
              <SelectOption
                key={choice.key}
                value={id(choice)}
                hasCheckbox
                isSelected={chosen.has(id(choice))}
              >
                {choice.key}
              </SelectOption>
            ))}
          </SelectList>
        </SelectGroup>
      )}
    </Select>
  );
}

/** The Preferences panel: "Hide Deleted Catalog", saved in the browser. */
function Preferences({ hideDeleted, onChange }: { hideDeleted: boolean; onChange: (hide: boolean) => void }) {
  return (
    <OnDemandPopover
      headerContent="Preferences"
      bodyContent={
        <Switch
          id="catalog-hide-deleted"
          label="Hide Deleted Catalog"
          isChecked={hideDeleted}
          onChange={(_event, checked) => onChange(checked)}
        />
      }
    >
      <Button variant="plain" aria-label="Preferences" icon={<CogIcon />} />
    </OnDemandPopover>
  );
}

function PairLabels({
  category,
  pairs,
  onChange,
}: {
  category: string;
  pairs: Record<string, string>;
  onChange: (pairs: Record<string, string>) => void;
}) {
  const entries = Object.entries(pairs);
  if (!entries.length) return null;
  return (
    <ToolbarItem>
      <LabelGroup
        categoryName={category}
        isClosable
        onClick={() => onChange({})}
        closeBtnAriaLabel={`Clear ${category.toLowerCase()}`}
      >
        {entries.map(([key, value]) => (
          <Label
            key={key}
            variant="outline"
            onClose={() => {
              const next = { ...pairs };
              delete next[key];
              onChange(next);
            }}
            closeBtnAriaLabel={`Remove ${key}=${value}`}
          >
            {key}={value}
          </Label>
        ))}
      </LabelGroup>
    </ToolbarItem>
  );
}

/** The list's filters (type, search, health, status, tags, group-by), its chosen labels and Preferences. */
export function CatalogListToolbar({
  params,
  groupBy,
  onChange,
  hideDeleted,
  onHideDeletedChange,
}: ToolbarProps) {
  const types = useChoices(CONFIG_TYPES_KEY, listConfigTypes);
  const statuses = useChoices(CONFIG_STATUSES_KEY, listConfigStatuses);
  const tags = useChoices(CONFIG_TAGS_KEY, listConfigTags);
  const typeChoices = types.data ?? [];
  const tagList = tags.data ?? [];
  const tagValue = Object.entries(params.tags)[0];

  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <CatalogSearch
            value={params.search ?? ''}
            onChange={(search) => onChange({ search: search || undefined })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Type"
            value={params.configType ?? ''}
            onChange={(_event, configType) => onChange({ configType: configType || undefined })}
          >
            <FormSelectOption value="" label="All types" />
            {typeChoices.map((type) => (
              <FormSelectOption key={type} value={type} label={type} />
            ))}
            {params.configType && !typeChoices.includes(params.configType) && (
              <FormSelectOption value={params.configType} label={params.configType} />
            )}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Health"
            value={single(params.health)}
            onChange={(_event, health) => onChange({ health: asTristate(health) })}
          >
            <FormSelectOption value="" label="All health" />
            {HEALTH_CHOICES.map((choice) => (
              <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Status"
            value={single(params.status)}
            onChange={(_event, status) => onChange({ status: asTristate(status) })}
          >
            <FormSelectOption value="" label="All statuses" />
            {(statuses.data ?? []).map((status) => (
              <FormSelectOption key={status} value={status} label={status} />
            ))}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Tag"
            value={tagValue ? `${tagValue[0]}=${tagValue[1]}` : ''}
            onChange={(_event, pair) => {
              const at = pair.indexOf('=');
              onChange({ tags: at > 0 ? { [pair.slice(0, at)]: pair.slice(at + 1) } : {} });
            }}
          >
            <FormSelectOption value="" label="All tags" />
            {tagList.map((tag) => (
              <FormSelectOption
                key={`${tag.key}=${tag.value}`}
                value={`${tag.key}=${tag.value}`}
                label={`${tag.key}: ${tag.value}`}
              />
            ))}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <GroupBySelect
            value={groupBy}
            tags={tagList}
            configType={params.configType}
            onChange={(groupBy) => onChange({ groupBy })}
          />
        </ToolbarItem>
        <PairLabels category="Labels" pairs={params.labels} onChange={(labels) => onChange({ labels })} />
        <ToolbarItem align={{ default: 'alignEnd' }}>
          <Preferences hideDeleted={hideDeleted} onChange={onHideDeletedChange} />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
