import {
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastRoot,
  ToastTitle,
  ToastViewport,
} from "./toast";
import { dispatch, TOAST_DURATION, toastDuration, useToasts } from "./toast-state";

export { toast } from "./toast-state";

/** Renders the toast store: swipe right past 50 px to dismiss (from `sm` up; see toast.tsx), F8 focuses the list. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <ToastRoot
          key={id}
          variant={variant}
          open={open}
          duration={toastDuration({ duration, action })}
          onOpenChange={(nextOpen) => {
            if (!nextOpen) dispatch({ type: "DISMISS_TOAST", toastId: id });
          }}
        >
          {/* Its words break a long address rather than run under the close button. */}
          <div className="grid min-w-0 flex-1 basis-40 gap-1 [overflow-wrap:anywhere]">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction altText={action.altText} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </ToastRoot>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
