export {
  toast,
  toastTypes,
  toastPositions,
  DEFAULT_TOAST_DURATION_MS,
  type Toast,
  type ToastOptions,
  type ToastType,
  type ToastPosition,
} from './toast-store';
export { ToastViewport } from './toast-viewport';
export { showApiError, describeApiError } from './api-error';
