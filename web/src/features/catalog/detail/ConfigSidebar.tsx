import { Link } from 'react-router';
import { Content, DescriptionList, Icon, Label, LabelGroup } from '@patternfly/react-core';
import { ExclamationTriangleIcon } from '@patternfly/react-icons';
import { Age } from '../../../components/Age/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { NO_VALUE, toDate } from '../../../lib/format.js';
import { costView } from '../cost.js';
import type { ConfigItem } from '../types.js';
import { groupLabels, type LabelRow } from './config-labels.js';
import { BLOCK_BELOW, GAP_AFTER_XS, GAP_BEFORE } from './spacing.js';
import { DetailField } from '../../../components/DetailField/index.js';

/** Spec 3 §9: a config not scraped for longer than this is flagged (unless it is deleted). */
export const LAST_SCRAPED_WARNING_MS = 60 * 60 * 1000;

/** Whether the config's last scrape is older than the warning age and it is not deleted. */
export function isScrapeStale(
  config: Pick<ConfigItem, 'last_scraped_time' | 'deleted_at'>,
  now = Date.now(),
) {
  const scraped = toDate(config.last_scraped_time);
  return !config.deleted_at && scraped !== undefined && now - scraped.getTime() > LAST_SCRAPED_WARNING_MS;
}

/** The class is shown only when the type does not already end with it ('Kubernetes::Pod', 'Pod'). */
export function showsClass(config: Pick<ConfigItem, 'type' | 'config_class'>) {
  const configClass = config.config_class?.trim();
  return Boolean(configClass) && !config.type.toLowerCase().endsWith(configClass!.toLowerCase());
}

const Field = DetailField;

const rowText = (row: LabelRow) => row.values.map((value) => value.value || NO_VALUE).join(' / ');

function Health({ config }: { config: ConfigItem }) {
  return (
    <>
      <HealthLabel status={config.health ?? 'unknown'} text={config.status?.trim() || undefined} />
      {config.description && (
        <Content component="small" style={BLOCK_BELOW}>
          {config.description}
        </Content>
      )}
    </>
  );
}

/** The config's details beside its tabs (spec 3 §2.1 sidebar fields). */
export function ConfigSidebar({ config }: { config: ConfigItem }) {
  const tags = Object.entries(config.tags ?? {});
  const cost = costView(config);
  const scraper = config.config_scrapers;
  const labelGroups = groupLabels(config.labels);

  return (
    <DescriptionList isCompact aria-label="Config details">
      <Field term="Name">{config.name}</Field>
      {tags.length > 0 && (
        <Field term="Tags">
          <LabelGroup numLabels={10} aria-label="Tags">
            {tags.map(([key, value]) => (
              <Label key={key} isCompact>
                {key}: {value}
              </Label>
            ))}
          </LabelGroup>
        </Field>
      )}
      {config.deleted_at ? (
        <>
          <Field term="Status">
            <Label color="red" isCompact>
              Deleted <Age from={config.deleted_at} />
            </Label>
          </Field>
          <Field term="Last status">
            <Health config={config} />
          </Field>
        </>
      ) : (
        <Field term="Status">
          <Health config={config} />
        </Field>
      )}
      <Field term="Created">
        <Age from={config.created_at} />
        {scraper && (
          <>
            {' by '}
            <Link to={`/catalog/scrapers/${encodeURIComponent(scraper.id)}`}>{scraper.name}</Link>
          </>
        )}
      </Field>
      {config.updated_at && (
        <Field term="Updated">
          <Age from={config.updated_at} />
          {isScrapeStale(config) && (
            <Content component="small" style={BLOCK_BELOW}>
              <Icon status="warning" isInline style={GAP_AFTER_XS}>
                <ExclamationTriangleIcon />
              </Icon>
              Last scraped <Age from={config.last_scraped_time!} />
            </Content>
          )}
        </Field>
      )}
      <Field term="Type">
        <Link to={`/catalog?${new URLSearchParams({ type: config.type }).toString()}`}>{config.type}</Link>
      </Field>
      {showsClass(config) && <Field term="Class">{config.config_class}</Field>}
      {cost && (
        <Field term="Cost">
          {cost.daily} per day
          {cost.trend && (
            <Label isCompact style={GAP_BEFORE} color={cost.trend.direction === 'increase' ? 'red' : 'green'}>
              {cost.trend.text}
            </Label>
          )}
        </Field>
      )}
      {labelGroups.map((group) =>
        group.prefix === '' ? (
          group.rows.map((row) => (
            <Field key={row.key} term={row.key}>
              {rowText(row)}
            </Field>
          ))
        ) : (
          <Field key={`${group.prefix}:`} term={group.prefix}>
            <DescriptionList isCompact isHorizontal aria-label={`${group.prefix} labels`}>
              {group.rows.map((row) => (
                <Field key={row.key} term={row.key}>
                  {rowText(row)}
                </Field>
              ))}
            </DescriptionList>
          </Field>
        ),
      )}
    </DescriptionList>
  );
}
