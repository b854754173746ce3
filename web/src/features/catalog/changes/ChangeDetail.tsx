import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Bullseye,
  Button,
  DescriptionList,
  Label,
  LabelGroup,
  Modal,
  ModalBody,
  ModalHeader,
  Spinner,
  Title,
} from '@patternfly/react-core';
import { FilterIcon } from '@patternfly/react-icons';
import { useDbQuery } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { changeKey, getChange, type ChangeDetail as Change } from './changes-api.js';
import type { TagFilter } from './changes-params.js';
import { ChangeCreator } from './ChangeCreator.js';
import { ChangeDiff } from './ChangeDiff.js';
import { ChangeSeverity } from './ChangeSeverity.js';
import { changedConfig, ChangeCount } from './ChangesTable.js';
import { ChangeType } from './ChangeTypeIcon.js';
import { DetailField, type DetailFieldProps } from '../../../components/DetailField/index.js';

export const CHANGE_NOT_FOUND = 'Details not found';

const isEmpty = (value: unknown) =>
  value == null || (typeof value === 'object' && Object.keys(value as object).length === 0);

const Field = (props: Omit<DetailFieldProps, 'empty'>) => <DetailField {...props} empty="dash" />;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ops-change-section">
      <Title headingLevel="h3" size="md">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Who a creator filter names: a person by id, or an external actor by name. */
export type CreatorFilter = { created_by: string } | { external_created_by: string };

function creatorFilterOf(change: Change): CreatorFilter | undefined {
  if (typeof change.created_by === 'string') return { created_by: change.created_by };
  if (change.external_created_by) return { external_created_by: change.external_created_by };
  return undefined;
}

interface FilterActions {
  onFilterTag?: (tag: TagFilter) => void;
  onFilterCreator?: (creator: CreatorFilter) => void;
}

function ChangeBody({ change, onFilterTag, onFilterCreator }: { change: Change } & FilterActions) {
  const config = changedConfig(change);
  const creator = creatorFilterOf(change);
  const tags = Object.entries(change.tags ?? {}).filter(([, value]) => value !== '' && value != null);
  return (
    <>
      <DescriptionList isCompact isHorizontal columnModifier={{ default: '2Col' }}>
        <Field term="Config">
          <Link to={`/catalog/${encodeURIComponent(config.id)}`}>{config.name}</Link>
          {config.type && <span className="ops-change-subtle"> ({config.type})</span>}
          {change.config?.deleted_at && (
            <Label isCompact color="grey" className="ops-change-deleted">
              Deleted
            </Label>
          )}
        </Field>
        <Field term="Type">
          <ChangeType changeType={change.change_type} />
        </Field>
        <Field term="Severity">
          <ChangeSeverity severity={change.severity} />
        </Field>
        <Field term="Source">{change.source}</Field>
        <Field term="Created By">
          <ChangeCreator change={change} />
          {creator && onFilterCreator && (
            <Button
              variant="plain"
              size="sm"
              icon={<FilterIcon />}
              aria-label="Show the changes of this creator"
              onClick={() => onFilterCreator(creator)}
            />
          )}
        </Field>
        <Field term="Count">
          <ChangeCount count={change.count} />
        </Field>
        <Field term="Created">
          <Age from={change.created_at} />
        </Field>
        <Field term="First Observed">
          <Age from={change.first_observed ?? change.created_at} />
        </Field>
      </DescriptionList>
      {tags.length > 0 && (
        <Section title="Tags">
          <LabelGroup numLabels={20}>
            {tags.map(([key, value]) => (
              <Label
                key={key}
                isCompact
                icon={onFilterTag ? <FilterIcon /> : undefined}
                onClick={
                  onFilterTag ? () => onFilterTag({ key, value: String(value), exclude: false }) : undefined
                }
              >
                {onFilterTag && <span className="pf-v6-screen-reader">Filter by tag </span>}
                {key}={String(value)}
              </Label>
            ))}
          </LabelGroup>
        </Section>
      )}
      {change.diff && (
        <Section title="Diff">
          <ChangeDiff diff={change.diff} />
        </Section>
      )}
      {!isEmpty(change.patches) && (
        <Section title="Patches">
          <CodeViewer value={change.patches} language="json" height="small" aria-label="Patches" />
        </Section>
      )}
      {!isEmpty(change.details) && (
        <Section title="Details">
          <CodeViewer value={change.details} language="yaml" height="small" aria-label="Details" />
        </Section>
      )}
    </>
  );
}

export interface ChangeDetailProps extends FilterActions {
  changeId: string;
  onClose: () => void;
}

/**
 * The change the URL names, in a dialog: its fields, tags, diff, patches and details. Its tags
 * and creator can filter the list (the list then closes the detail).
 */
export function ChangeDetail({ changeId, onClose, onFilterTag, onFilterCreator }: ChangeDetailProps) {
  const titleId = useId();
  const {
    data: change,
    error,
    isLoading,
  } = useDbQuery<Change | null>(changeKey(changeId), () => getChange(changeId));
  const title = change ? (change.summary ?? change.change_type) : 'Change';

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Bullseye>
        <Spinner aria-label="Loading change" />
      </Bullseye>
    );
  } else if (error) {
    body = <LoadError error={error} />;
  } else if (!change) {
    body = <Bullseye>{CHANGE_NOT_FOUND}</Bullseye>;
  } else {
    body = <ChangeBody change={change} onFilterTag={onFilterTag} onFilterCreator={onFilterCreator} />;
  }

  return (
    <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>{body}</ModalBody>
    </Modal>
  );
}
