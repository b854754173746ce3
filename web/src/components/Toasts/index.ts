export { ToastProvider, TOAST_TIMEOUT_MS, useToast } from './Toasts.js';
export type { Toaster } from './Toasts.js';
