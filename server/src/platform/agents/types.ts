/** The agents area's API shapes (docs/agents.md), for the web and the agent mode to import as types. */

/** `POST /api/agent/generate` and `POST /api/agent/{id}/token`: the agent's principal and its token. */
export interface GeneratedAgent {
  /** The agent's own person (its principal), as the platform answers it. */
  id: string;
  /** That person's name: `agent-<agent name>`. */
  username: string;
  /** The API token, shown once: send it as a Bearer token (or as the password of HTTP Basic). */
  access_token: string;
  /** The agents row. */
  agent_id: string;
}

/** `POST` and `DELETE /api/upstream/push`: rows written (or deleted) per PushData key, and those refused. */
export interface PushAnswer {
  status: 'ok';
  counts: Record<string, number>;
  /** Rows of another agent's or of the hub's own, or hanging off them: never touched. */
  skipped: number;
}
