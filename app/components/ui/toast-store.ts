import { type ReactNode, useSyncExternalStore } from "react";

/** DESIGN §4: one toast at a time; dismissed toasts leave the list after this delay. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "destructive";

/** A button in the toast; plain data, so showing a toast never loads the toast UI up front. */
export interface ToastActionButton {
  label: string;
  /** What a screen reader user is told to do instead, as Radix requires. */
  altText: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionButton;
  variant?: ToastVariant;
  /** How long it stays, in ms; TOAST_DURATION unless a toast needs longer. */
  duration?: number;
  /** Called once when it closes, whatever closes it: its timer, a swipe, a button, or a newer toast in its place. */
  onClose?: () => void;
  open: boolean;
}

export interface ToastState {
  toasts: Toast[];
}

export type ToastAction =
  | { type: "ADD_TOAST"; toast: Toast }
  | { type: "UPDATE_TOAST"; toast: Partial<Toast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

/** Pure state transitions; timers live in dispatch below. Omitting an id means every toast. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((toast) =>
          action.toastId === undefined || toast.id === action.toastId ? { ...toast, open: false } : toast,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.toastId),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(toastId: string) {
  if (removalTimers.has(toastId)) return;
  removalTimers.set(
    toastId,
    setTimeout(() => {
      removalTimers.delete(toastId);
      dispatch({ type: "REMOVE_TOAST", toastId });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dispatch(action: ToastAction) {
  if (action.type === "DISMISS_TOAST") {
    const ids = action.toastId === undefined ? state.toasts.map((toast) => toast.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  const before = state.toasts;
  state = toastReducer(state, action);
  for (const shown of before) {
    if (shown.open && !state.toasts.some((toast) => toast.id === shown.id && toast.open)) shown.onClose?.();
  }
  listeners.forEach((listener) => listener());
}

export type ToastInput = Omit<Toast, "id" | "open">;

/** The one way to show a toast from the browser. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
  return {
    id,
    update: (changes: ToastInput) => dispatch({ type: "UPDATE_TOAST", toast: { ...changes, id } }),
    dismiss: () => dispatch({ type: "DISMISS_TOAST", toastId: id }),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: ToastState = { toasts: [] };

export function currentToasts() {
  return state.toasts;
}

export function useToasts() {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  ).toasts;
}
