/** Toast of spec section 3: title, message, type, position, duration; show, hide, close. */
export const toastTypes = ['error', 'success', 'info', 'warning'] as const;
export type ToastType = (typeof toastTypes)[number];

export const toastPositions = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const;
export type ToastPosition = (typeof toastPositions)[number];

/** Spec section 9: a toast hides itself after 3000 ms unless told otherwise. */
export const DEFAULT_TOAST_DURATION_MS = 3000;

export interface ToastOptions {
  title?: string;
  message: string;
  /** Default `info`. */
  type?: ToastType;
  /** Default `top-right`. */
  position?: ToastPosition;
  /** Milliseconds before it hides itself; default 3000. `0` or `Infinity` keeps it until closed. */
  duration?: number;
}

export interface Toast {
  id: string;
  title: string | undefined;
  message: string;
  type: ToastType;
  position: ToastPosition;
  duration: number;
  /** The spec's visible flag: every toast in the list is shown; hiding removes it. */
  visible: true;
}

type Listener = () => void;

/**
 * A tiny external store rather than React state, so that any code — a query's error handler, the
 * start-up sequence, a plain function — can show a toast without a hook, and one viewport renders them.
 */
function createToastStore() {
  let toasts: readonly Toast[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();
  let counter = 0;

  const emit = () => listeners.forEach((listener) => listener());

  function hide(id?: string) {
    if (id === undefined) {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      if (toasts.length === 0) return;
      toasts = [];
      emit();
      return;
    }
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    const next = toasts.filter((toast) => toast.id !== id);
    if (next.length === toasts.length) return;
    toasts = next;
    emit();
  }

  function show(options: ToastOptions): string {
    counter += 1;
    const id = `toast-${counter}`;
    const duration = options.duration ?? DEFAULT_TOAST_DURATION_MS;
    const toast: Toast = {
      id,
      title: options.title,
      message: options.message,
      type: options.type ?? 'info',
      position: options.position ?? 'top-right',
      duration,
      visible: true,
    };
    toasts = [...toasts, toast];
    if (duration > 0 && Number.isFinite(duration)) {
      timers.set(
        id,
        setTimeout(() => hide(id), duration),
      );
    }
    emit();
    return id;
  }

  return {
    show,
    /** Hides one toast, or every toast when no id is given. */
    hide,
    getSnapshot: (): readonly Toast[] => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const toast = createToastStore();
