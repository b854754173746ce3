import pg from 'pg';

/** What a listener hears besides its notifications: the connection was lost, or is back. */
export interface ListenOptions {
  /**
   * Called with connected: false (and the error) when the listening connection drops, and with
   * connected: true once it listens again. Notifications sent in between are lost.
   */
  onConnectionChange?(state: { connected: boolean; error?: Error }): void;
}

/** A stop function: unlistens and closes what listening opened. */
export type Unlisten = () => Promise<void>;

/** The name the listening connection carries in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'ops-console listener';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries and lose
 * the subscription). When that connection drops, it reconnects with a doubling back-off and
 * listens again, until stopped. The first connection's failure is thrown to the caller.
 */
export async function listenOnPostgres(
  connection: string | pg.ClientConfig,
  channel: string,
  onNotify: (payload: string) => void,
  options: ListenOptions = {},
): Promise<Unlisten> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const config = typeof connection === 'string' ? { connectionString: connection } : connection;
    const client = new pg.Client({ ...config, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (client !== current || stopped) return;
      current = undefined;
      client.end().catch(() => {});
      options.onConnectionChange?.({ connected: false, error: error ?? new Error('connection ended') });
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        (client) => {
          if (stopped) return void client.end().catch(() => {});
          current = client;
          retryMs = FIRST_RETRY_MS;
          options.onConnectionChange?.({ connected: true });
        },
        (error: unknown) => {
          if (stopped) return;
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          options.onConnectionChange?.({ connected: false, error: error as Error });
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  current = await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
