import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function Notice({ kind, children }: { kind: "error" | "ok" | "warn"; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** A modal confirmation on the native <dialog> (focus trap and Escape come with it). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="dialog-title" onCancel={props.onCancel}>
      <h2 id="dialog-title">{props.title}</h2>
      <div class="dialog-body">{props.children}</div>
      <div class="dialog-actions">
        <button type="button" class="button ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" class="button danger" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

export function Card({
  title,
  children,
  actions,
}: {
  title?: string;
  children: ComponentChildren;
  actions?: ComponentChildren;
}) {
  return (
    <section class="card">
      {(title || actions) && (
        <header class="card-head">
          {title && <h2>{title}</h2>}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}
