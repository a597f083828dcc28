import { ConfirmDialog, MessageDialog } from "~/ui/dialog.tsx";

// Fetched at the first tap on Keluar, not with every page of the storefront.
export default function LogoutDialogs({
  asking,
  pending,
  done,
  onCancel,
  onConfirm,
  onDone,
}: {
  asking: boolean;
  pending: boolean;
  done: boolean;
  onCancel(): void;
  onConfirm(): void;
  onDone(): void;
}) {
  return (
    <>
      <ConfirmDialog
        open={asking && !done}
        title="Keluar"
        message="Anda yakin ingin keluar dari akun ini?"
        confirmLabel="Ya, Keluar"
        cancelLabel="Batal"
        pending={pending}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
      <MessageDialog
        open={done}
        tone="success"
        title="Berhasil keluar dari akun"
        autoCloseMs={1500}
        onClose={onDone}
      />
    </>
  );
}
