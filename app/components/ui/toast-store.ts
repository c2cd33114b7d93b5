import { useSyncExternalStore } from "react";
import { optionalPart } from "~/browser/lazy-import";
import type { ToastInput } from "./toast-input";
import type * as ToastUi from "./toaster";

const loadToastUi = optionalPart<typeof ToastUi>(() => import("./toaster"));
let wanted = false;
const listeners = new Set<() => void>();

/**
 * The toast UI and its state (toaster.tsx, toast-state.ts), loaded at the first toast: a page
 * nobody acts on never loads them. Should it fail to load, the toast is not shown; what raised it
 * has happened all the same.
 */
export function loadToaster() {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return loadToastUi();
}

/**
 * The one way to show a toast from the browser. It shows once the toast UI is loaded (at once after
 * the first); `update` and `dismiss` apply in the order they are called.
 */
export function toast(input: ToastInput) {
  const shown = loadToaster().then((module) => module.toast(input));
  shown.catch(() => {});
  return {
    update: (changes: ToastInput) =>
      void shown.then(
        (toast) => toast.update(changes),
        () => {},
      ),
    dismiss: () =>
      void shown.then(
        (toast) => toast.dismiss(),
        () => {},
      ),
  };
}

/** Whether a toast was raised yet: the root renders the toaster from then on. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
