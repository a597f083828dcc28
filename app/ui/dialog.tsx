import { useEffect, useId, useRef } from "react";

type Tone = "success" | "error" | "warning" | "question";

const toneStyles: Record<Tone, { ring: string; symbol: string; label: string }> = {
  success: { ring: "border-green-600 text-green-700", symbol: "✓", label: "Berhasil" },
  error: { ring: "border-chili-600 text-chili-700", symbol: "✕", label: "Gagal" },
  warning: { ring: "border-amber-500 text-amber-700", symbol: "!", label: "Peringatan" },
  question: { ring: "border-sky-600 text-sky-700", symbol: "?", label: "Pertanyaan" },
};

interface DialogProps {
  open: boolean;
  tone: Tone;
  title: string;
  message?: React.ReactNode;
  onClose(): void;
  children?: React.ReactNode;
  role?: "dialog" | "alertdialog";
}

// The native <dialog>: the browser traps focus, Escape closes it, the page behind is inert.
function Dialog({ open, tone, title, message, onClose, children, role = "dialog" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const style = toneStyles[tone];
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-3xl bg-white p-0 text-charcoal shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center">
        <span
          className={`inline-flex size-16 items-center justify-center rounded-full border-4 text-3xl font-extrabold ${style.ring}`}
          aria-hidden="true"
        >
          {style.symbol}
        </span>
        <h2 id={titleId} className="text-xl font-extrabold">
          {title}
        </h2>
        {message ? (
          <div id={messageId} className="text-stone-600">
            {message}
          </div>
        ) : null}
        {children ? <div className="mt-2 flex w-full flex-wrap justify-center gap-2">{children}</div> : null}
      </div>
    </dialog>
  );
}

export function MessageDialog({
  open,
  tone,
  title,
  message,
  autoCloseMs,
  onClose,
}: {
  open: boolean;
  tone: Tone;
  title: string;
  message?: React.ReactNode;
  autoCloseMs?: number;
  onClose(): void;
}) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open || !autoCloseMs) return;
    const timer = setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs]);

  return (
    <Dialog open={open} tone={tone} title={title} message={message} onClose={onClose}>
      {autoCloseMs ? null : (
        <button type="button" className="btn-primary min-w-28" onClick={onClose} autoFocus>
          OK
        </button>
      )}
    </Dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = "Batal",
  pending = false,
  tone = "warning",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message?: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  tone?: Tone;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog open={open} tone={tone} title={title} message={message} onClose={onCancel} role="alertdialog">
      <button type="button" className="btn-primary min-w-28" onClick={onConfirm} disabled={pending}>
        {confirmLabel}
      </button>
      <button type="button" className="btn-secondary min-w-28" onClick={onCancel} autoFocus>
        {cancelLabel}
      </button>
    </Dialog>
  );
}
