/** An inline message under a form (Google failures, answers rendered without JavaScript). */
export function FormAlert({
  id,
  tone = "error",
  children,
}: {
  id?: string;
  tone?: "error" | "info";
  children: React.ReactNode;
}) {
  const style =
    tone === "error"
      ? "border-chili-100 bg-chili-50 text-chili-800"
      : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-2xl border px-4 py-3 text-sm font-medium ${style}`}
    >
      {children}
    </p>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-charcoal">{title}</h1>
      <p className="mt-1.5 text-stone-600">{subtitle}</p>
    </div>
  );
}
