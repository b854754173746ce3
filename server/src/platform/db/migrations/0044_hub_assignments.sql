-- The hub's assignments (docs/agents.md, "Agents' rows in the hub"): a canary or scrape config
-- made through the API names its creator, as incidents do (0021): the service sets app.user_id in
-- the transaction of every write it makes for a person. A push never sets created_by (it drops
-- references to people, and sets no app.user_id), so a row with one is the hub's to change even
-- when it is addressed to an agent; an agent's own rows stay read-only in the hub.
alter table canaries alter column created_by set default _acting_user();
alter table config_scrapers alter column created_by set default _acting_user();
