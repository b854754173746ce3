-- The HTTP request that started a webhook-triggered playbook run (POST /api/playbook/webhook/{path}):
-- {method, path, headers, params, json, content}, the run's `.request` in templates. The headers
-- that carry credentials (Authorization, Cookie, signatures) are not kept.
alter table playbook_runs add column request jsonb;
