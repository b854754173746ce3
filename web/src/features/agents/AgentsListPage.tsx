import { useSearchParamsUpdate } from '../../lib/use-search-params-update.js';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Avatar, Flex, FlexItem } from '@patternfly/react-core';
import { PlusIcon, UserIcon } from '@patternfly/react-icons';
import { useCan } from '../../api/index.js';
import { Age } from '../../components/Age/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog/index.js';
import { useTableState, type DataTableColumn } from '../../components/DataTable/index.js';
import { ListPage } from '../../components/ListPage/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { NO_VALUE } from '../../lib/format.js';
import { toChanges, toGenerate, type AgentFormValues } from './agent-form.js';
import { AgentFormModal } from './AgentFormModal.js';
import {
  AGENT_DEFAULT_PAGE_SIZE,
  AGENT_MESSAGES,
  AGENT_PAGE_SIZES,
  AGENTS_DEFAULT_SORT,
  deleteAgent,
  generateAgent,
  isAgentsKey,
  rotateAgentToken,
  updateAgent,
  useAgent,
  useAgents,
  type Agent,
  type AgentCreator,
} from './agents-api.js';
import { AgentStatusLabel } from './AgentStatusLabel.js';
import { DeleteAgentDialogs } from './DeleteAgentDialogs.js';
import { InstallAgentDialog } from './InstallAgentDialog.js';

/** The URL's `?id=` opens an agent, `?addAgent=true` the form of a new one (spec 1 §2). */
export const AGENT_PARAM = 'id';
export const ADD_AGENT_PARAM = 'addAgent';
export const ADD_AGENT_LABEL = 'Add Agent';

export const ROTATE_TITLE = 'Rotate Token';
export const ROTATE_BODY =
  "The agent's current access token stops working at once; the agent reports again once it runs with the new one.";

function Creator({ person }: { person: AgentCreator | null }) {
  if (!person) return <>{NO_VALUE}</>;
  return (
    <Flex
      spaceItems={{ default: 'spaceItemsSm' }}
      flexWrap={{ default: 'nowrap' }}
      alignItems={{ default: 'alignItemsCenter' }}
    >
      <FlexItem>
        {person.avatar ? <Avatar src={person.avatar} alt="" size="sm" /> : <UserIcon aria-hidden="true" />}
      </FlexItem>
      <FlexItem>{person.name}</FlexItem>
    </Flex>
  );
}

const count = (value: number | null) => value ?? 0;

const COLUMNS: DataTableColumn<Agent>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (agent) => agent.name },
  {
    id: 'description',
    header: 'Description',
    sortable: true,
    width: 20,
    cell: (agent) => agent.description || NO_VALUE,
  },
  { id: 'config_count', header: 'Configs', sortable: true, cell: (agent) => count(agent.config_count) },
  { id: 'checks_count', header: 'Checks', sortable: true, cell: (agent) => count(agent.checks_count) },
  {
    id: 'config_scrapper_count',
    header: 'Scrapers',
    sortable: true,
    cell: (agent) => count(agent.config_scrapper_count),
  },
  {
    id: 'playbook_runs_count',
    header: 'Playbook Runs',
    sortable: true,
    cell: (agent) => count(agent.playbook_runs_count),
  },
  { id: 'status', header: 'Status', cell: (agent) => <AgentStatusLabel lastSeen={agent.last_seen} /> },
  { id: 'last_seen', header: 'Last Seen', sortable: true, cell: (agent) => <Age from={agent.last_seen} /> },
  { id: 'created_by', header: 'Created By', cell: (agent) => <Creator person={agent.created_by} /> },
  {
    id: 'created_at',
    header: 'Created At',
    sortable: true,
    cell: (agent) => <Age from={agent.created_at} />,
  },
];

/** The access token just made, for the Installation Instructions. */
interface Issued {
  agentName: string;
  accessToken: string;
}

/**
 * The agent `?id=` names: the row of the page shown when it is there, else read by its id; nothing
 * while it loads or when there is no such agent.
 */
function useOpenAgent(id: string | null, rows: Agent[] | undefined): Agent | undefined {
  const listed = id ? rows?.find((agent) => agent.id === id) : undefined;
  const { data } = useAgent(id && rows && !listed ? id : null);
  return listed ?? data ?? undefined;
}

/**
 * /agents and /settings/agents (spec 1 §2, §4): the agents but the local one, paged and sorted on
 * the server with the state in the URL; a row (or `?id=`) opens the agent, Add Agent (or
 * `?addAgent=true`) the form of a new one, for those who may manage agents. A new agent, and a
 * new token, end in the Installation Instructions.
 */
export function AgentsListPage() {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const canManage = useCan('agents.manage');
  const [searchParams, updateParams] = useSearchParamsUpdate();
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({
    defaultPageSize: AGENT_DEFAULT_PAGE_SIZE,
    defaultSort: AGENTS_DEFAULT_SORT,
  });
  const query = useAgents({ pageIndex, pageSize, sortBy: sortBy ?? AGENTS_DEFAULT_SORT.by, sortOrder });

  const adding = canManage && searchParams.get(ADD_AGENT_PARAM) === 'true';
  const openId = searchParams.get(AGENT_PARAM);
  const open = useOpenAgent(openId, query.data);
  const [issued, setIssued] = useState<Issued>();
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);

  const setParams = (change: (params: URLSearchParams) => void, replace: boolean) =>
    updateParams(change, { replace });
  const openAdd = () => setParams((params) => params.set(ADD_AGENT_PARAM, 'true'), false);
  const openAgent = (agent: Agent) => setParams((params) => params.set(AGENT_PARAM, agent.id), false);
  const closeForm = () =>
    setParams((params) => {
      params.delete(ADD_AGENT_PARAM);
      params.delete(AGENT_PARAM);
    }, true);
  const refresh = () => void mutate(isAgentsKey);

  const create = async (values: AgentFormValues) => {
    const generated = await generateAgent(toGenerate(values));
    toast.success(AGENT_MESSAGES.created);
    refresh();
    closeForm();
    setIssued({ agentName: values.name.trim(), accessToken: generated.access_token });
  };

  const save = (agent: Agent) => async (values: AgentFormValues) => {
    await updateAgent(agent.id, toChanges(values));
    toast.success(AGENT_MESSAGES.updated);
    refresh();
    closeForm();
  };

  const remove = (agent: Agent) => async (cleanup: boolean) => {
    try {
      await deleteAgent(agent.id, cleanup);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(AGENT_MESSAGES.deleted);
    setDeleting(false);
    closeForm();
    refresh();
  };

  const rotate = (agent: Agent) => async () => {
    try {
      const generated = await rotateAgentToken(agent.id);
      setIssued({ agentName: agent.name, accessToken: generated.access_token });
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
  };

  return (
    <ListPage
      title="Agents"
      ariaLabel="Agents"
      query={query}
      columns={COLUMNS}
      rowKey={(agent) => agent.id}
      mode="server"
      totalRows={query.count}
      pageSizes={AGENT_PAGE_SIZES}
      defaultPageSize={AGENT_DEFAULT_PAGE_SIZE}
      defaultSort={AGENTS_DEFAULT_SORT}
      create={{ label: ADD_AGENT_LABEL, icon: <PlusIcon />, allowed: canManage, onClick: openAdd }}
      onRowClick={openAgent}
    >
      {adding && <AgentFormModal canWrite onSubmit={create} onClose={closeForm} />}
      {!adding && open && (
        <AgentFormModal
          key={open.id}
          agent={open}
          canWrite={canManage}
          onSubmit={save(open)}
          onDelete={() => setDeleting(true)}
          onRotateToken={() => setRotating(true)}
          onClose={closeForm}
        />
      )}
      {deleting && open && (
        <DeleteAgentDialogs
          agentName={open.name}
          onDelete={remove(open)}
          onClose={() => setDeleting(false)}
        />
      )}
      {rotating && open && (
        <ConfirmDialog
          isOpen
          title={ROTATE_TITLE}
          body={ROTATE_BODY}
          confirmLabel="Rotate token"
          variant="warning"
          onConfirm={rotate(open)}
          onClose={() => setRotating(false)}
        />
      )}
      {issued && (
        <InstallAgentDialog
          agentName={issued.agentName}
          accessToken={issued.accessToken}
          onClose={() => setIssued(undefined)}
        />
      )}
    </ListPage>
  );
}
