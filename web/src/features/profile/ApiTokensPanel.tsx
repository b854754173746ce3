import { useState } from 'react';
import { Alert, Button, Card, CardBody, CardHeader, CardTitle, Content } from '@patternfly/react-core';
import { apiFetch, errorMessage, useApi } from '../../api/index.js';
import { Age } from '../../components/Age/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog/index.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.js';
import { useToast } from '../../components/Toasts/index.js';
import { TOKENS_PATH, type ApiToken, type TokensAnswer } from './api-tokens.js';
import { CreateTokenModal } from './CreateTokenModal.js';

export const NO_TOKENS = 'You have no API tokens. Create one for scripts and agents that call the console.';

const NEVER = 'Never';

function When({ date, future }: { date: string | null; future?: boolean }) {
  return date === null ? NEVER : <Age from={date} future={future} />;
}

const time = (date: string | null) => (date === null ? null : Date.parse(date));

/** The signed-in user's API tokens: list, create (secret shown once), revoke. */
export function ApiTokensPanel() {
  const toast = useToast();
  const tokens = useApi<TokensAnswer>(TOKENS_PATH);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken>();

  const revoke = async (token: ApiToken) => {
    try {
      await apiFetch(`${TOKENS_PATH}/${encodeURIComponent(token.id)}`, { method: 'DELETE' });
    } catch (error) {
      toast.error(error);
      throw error;
    }
    toast.success(`${token.name} revoked successfully`);
    await tokens.mutate();
  };

  const columns: DataTableColumn<ApiToken>[] = [
    { id: 'name', header: 'Name', cell: (token) => token.name, sortable: true },
    {
      id: 'createdAt',
      header: 'Created',
      cell: (token) => <When date={token.createdAt} />,
      sortable: true,
      sortValue: (token) => time(token.createdAt),
    },
    {
      id: 'expiresAt',
      header: 'Expires',
      cell: (token) => <When date={token.expiresAt} future />,
      sortable: true,
      sortValue: (token) => time(token.expiresAt),
    },
    {
      id: 'lastUsedAt',
      header: 'Last used',
      cell: (token) => <When date={token.lastUsedAt} />,
      sortable: true,
      sortValue: (token) => time(token.lastUsedAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (token) => (
        <Button
          variant="link"
          isDanger
          isInline
          aria-label={`Revoke ${token.name}`}
          onClick={() => setRevoking(token)}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader
        actions={{
          actions: (
            <Button variant="secondary" onClick={() => setCreating(true)}>
              Create token
            </Button>
          ),
        }}
      >
        <CardTitle component="h2">API tokens</CardTitle>
      </CardHeader>
      <CardBody>
        <Content component="p">Tokens let scripts and agents call the console&apos;s API as you.</Content>
        {tokens.error && !tokens.data ? (
          <Alert variant="danger" isInline title={errorMessage(tokens.error)} />
        ) : (
          <DataTable
            ariaLabel="API tokens"
            columns={columns}
            rows={tokens.data?.payload ?? []}
            rowKey={(token) => token.id}
            isLoading={tokens.isLoading}
            emptyText={NO_TOKENS}
          />
        )}
      </CardBody>
      {creating && (
        <CreateTokenModal onCreated={() => void tokens.mutate()} onClose={() => setCreating(false)} />
      )}
      <ConfirmDialog
        isOpen={revoking !== undefined}
        title="Revoke token"
        body={`Revoke the token “${revoking?.name ?? ''}”? Scripts and agents using it can no longer call the console.`}
        confirmLabel="Revoke"
        onConfirm={() => revoking && revoke(revoking)}
        onClose={() => setRevoking(undefined)}
      />
    </Card>
  );
}
