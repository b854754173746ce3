import { useState } from 'react';
import { Button } from '@patternfly/react-core';
import { useToast } from '../../../components/Toasts/index.js';
import { CONNECTION_MESSAGES, testConnection } from './connections-api.js';

/** Test Connection for a saved connection: spins while the server tries it, then says how it went. */
export function TestConnectionButton({ connectionId }: { connectionId: string }) {
  const toast = useToast();
  const [testing, setTesting] = useState(false);

  const test = async () => {
    setTesting(true);
    try {
      await testConnection(connectionId);
      toast.success(CONNECTION_MESSAGES.tested);
    } catch (failure) {
      toast.error(failure);
    } finally {
      setTesting(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void test()} isLoading={testing} isDisabled={testing}>
      {testing ? 'Testing...' : 'Test Connection'}
    </Button>
  );
}
