/** A UUID as PostgreSQL writes one (any version, either case): ids in paths and bodies are checked with it before a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
