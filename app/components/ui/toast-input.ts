import type { ReactNode } from "react";

/* What a toast says and does: plain data shared by the store pages call and the toast UI it loads. */

export type ToastVariant = "default" | "destructive";

/** A button in the toast; plain data, so showing a toast never loads the toast UI up front. */
export interface ToastActionButton {
  label: string;
  /** What a screen reader user is told to do instead, as Radix requires. */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionButton;
  variant?: ToastVariant;
  /** How long it stays, in ms; by default TOAST_DURATION, or TOAST_ACTION_DURATION with an action (toast-state.ts). */
  duration?: number;
  /** Called once when it closes, whatever closes it: its timer, a swipe, a button, or a newer toast in its place. */
  onClose?: () => void;
}
