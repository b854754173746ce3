/** Where the topology's cards and panel link to (spec 3 §2.2): one home for each address. */

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const configPath = (configId: string) => `/catalog/${encodeURIComponent(configId)}`;
export const incidentPath = (incidentId: string) => `/incidents/${encodeURIComponent(incidentId)}`;
/** The component's incidents of one type on the incidents list (spec 3 §2.2). */
export const componentIncidentsPath = (componentId: string, type?: string | null, severity?: string | null) =>
  // In the order the platform's own links write them.
  severity
    ? withQuery('/incidents', { severity, component: componentId, type })
    : withQuery('/incidents', { type, component: componentId });
/** A check as the health page opens it. */
export const checkPath = (checkId: string) => withQuery('/health', { checkId });
export const componentInsightsPath = (componentId: string, type?: string | null, severity?: string | null) =>
  withQuery('/catalog/insights', { component: componentId, type, severity });
export const topologySettingsPath = (topologyId: string) =>
  `/settings/topologies/${encodeURIComponent(topologyId)}`;
export const teamPath = (teamId: string) => `/settings/teams/${encodeURIComponent(teamId)}`;
/** The dashboard filtered to one type. */
export const typeFilterPath = (type: string) => withQuery('/topology', { type });
