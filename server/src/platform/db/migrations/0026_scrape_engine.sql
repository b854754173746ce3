-- The scrape engine (server/src/platform/catalog/scrapers): what it looks rows up by, and an
-- updated_at that moves when an item or a finding changes, not when a scrape only confirms it.

-- A scraper's item by its type and external id (the first of external_id; the rest are aliases).
create index configs_scraper_type_external_id_idx on configs (scraper_id, type, (external_id[1]));
-- Another config named by any of its external ids (a relationship, a change's config).
create index configs_external_id_idx on configs using gin (external_id);
-- The finding of an item by analyzer (one open finding per item and analyzer).
create index config_analysis_config_id_analyzer_idx on config_analysis (config_id, analyzer);
-- The links a scraper made (selector_id is the scraper's id), replaced on each full scrape.
create index config_relationships_selector_id_idx on config_relationships (selector_id);
-- Retention of changes by type and age reads config_changes_change_type_created_at_idx (0027).

-- updated_at, unless the update only touches the columns named as the trigger's arguments:
-- a scrape that finds an item unchanged refreshes configs.last_scraped_time (and an open
-- finding's last_observed) without the item looking updated.
create function _set_updated_at_unless_only() returns trigger
language plpgsql as $$
begin
  if (to_jsonb(new) - tg_argv - 'updated_at') is distinct from (to_jsonb(old) - tg_argv - 'updated_at') then
    new.updated_at := now();
  end if;
  return new;
end
$$;

drop trigger configs_updated_at on configs;
create trigger configs_updated_at before update on configs
  for each row execute function _set_updated_at_unless_only('last_scraped_time');

drop trigger config_analysis_updated_at on config_analysis;
create trigger config_analysis_updated_at before update on config_analysis
  for each row execute function _set_updated_at_unless_only('last_observed');
