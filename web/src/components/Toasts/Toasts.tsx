import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertActionCloseButton, AlertGroup } from '@patternfly/react-core';
import { errorMessage } from '../../api/fetch.js';

/** Spec 1 §9: a toast closes after 5 s (PatternFly waits while the pointer or focus is on it). */
export const TOAST_TIMEOUT_MS = 5000;

type Variant = 'success' | 'danger' | 'info';

interface Toast {
  key: number;
  variant: Variant;
  message: ReactNode;
}

export interface Toaster {
  success(message: ReactNode): void;
  /** Shows the server's message, else the error's, else 'An error occurred'. */
  error(error: unknown): void;
  info(message: ReactNode): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextKey = useRef(0);

  const remove = useCallback((key: number) => setToasts((all) => all.filter((t) => t.key !== key)), []);
  const toaster = useMemo<Toaster>(() => {
    const add = (variant: Variant, message: ReactNode) => {
      const key = nextKey.current++;
      setToasts((all) => [...all, { key, variant, message }]);
    };
    return {
      success: (message) => add('success', message),
      error: (error) => add('danger', errorMessage(error)),
      info: (message) => add('info', message),
    };
  }, []);

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <AlertGroup isToast isLiveRegion>
        {toasts.map(({ key, variant, message }) => (
          <Alert
            key={key}
            variant={variant}
            title={message}
            timeout={TOAST_TIMEOUT_MS}
            onTimeout={() => remove(key)}
            actionClose={
              <AlertActionCloseButton aria-label="Close notification" onClose={() => remove(key)} />
            }
          />
        ))}
      </AlertGroup>
    </ToastContext.Provider>
  );
}

/** Toasts of the nearest ToastProvider (the shell mounts one around the whole console). */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast() needs a <ToastProvider> around it');
  return toaster;
}
