/** `Sisa 3`: few portions left today (docs/decisions/0044-daily-portions.md); nothing otherwise. */
export function PortionsLeft({ sisa }: { sisa: number | null }) {
  if (sisa === null || sisa === 0) return null;
  return (
    <p
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900"
      data-testid="portions-left"
    >
      Sisa {sisa}
    </p>
  );
}
