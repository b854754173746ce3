/**
 * The id of the agent row migration 0001 seeds ('local'): the rows this console runs or mirrors
 * itself, and every agent_id column's default.
 */
export const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';
