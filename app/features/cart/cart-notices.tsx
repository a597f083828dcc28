// The cart page's notices, said by the server once; a chunk of its own, fetched only when there is one.
export default function Notices({ notices, onClose }: { notices: string[]; onClose(): void }) {
  if (notices.length === 0) return null;
  return (
    <div
      role="status"
      className="mt-4 flex items-start gap-3 rounded-2xl border border-saffron-400 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <ul className="flex-1 list-disc space-y-1 pl-4">
        {notices.map((notice) => (
          // A price never breaks between "Rp" and its number.
          <li key={notice}>{notice.replaceAll("Rp ", "Rp\u00a0")}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClose}
        className="js-only inline-flex size-8 items-center justify-center rounded-full hover:bg-amber-100"
        aria-label="Tutup pemberitahuan"
      >
        ×
      </button>
    </div>
  );
}
