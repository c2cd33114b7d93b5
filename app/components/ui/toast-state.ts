/**
 * The toasts on screen, loaded with the toast UI (toaster.tsx) when the first toast is raised; pages
 * show toasts through `toast()` in toast-store.ts.
 */
import { useSyncExternalStore } from "react";
import type { ToastInput } from "./toast-input";

/** DESIGN §4: one toast at a time; dismissed toasts leave the list after this delay. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
/**
 * A toast with an action (Undo) stays twice as long: a reader on a phone has to see it, read it and reach
 * it. Every toast also stays while it is hovered or holds the focus (the Radix viewport pauses its timer).
 */
export const TOAST_ACTION_DURATION = 10_000;

/** How long a toast stays: its own duration, or the default for a toast with an action or without. */
export function toastDuration(toast: Pick<ToastInput, "duration" | "action">) {
  return toast.duration ?? (toast.action ? TOAST_ACTION_DURATION : TOAST_DURATION);
}

export interface Toast extends ToastInput {
  id: string;
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

/** Shows a toast; pages call `toast()` in toast-store.ts, which loads this module first. */
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
