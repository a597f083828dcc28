// The owner's one-time link or code and its QR (0058), drawn by the server so it shows without JavaScript.
export function OneTimeLink({
  title,
  link,
  svg,
  code,
  note,
  testId,
}: {
  title: string;
  link: string;
  svg: string;
  code?: string;
  note: string;
  testId: string;
}) {
  return (
    <section
      className="card mb-6 grid gap-3 p-4 sm:grid-cols-[12rem_1fr] sm:items-center"
      data-testid={testId}
    >
      <div
        className="w-48 max-w-full justify-self-center"
        role="img"
        aria-label={`Kode QR: ${title}`}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="min-w-0 space-y-2">
        <h2 className="text-lg font-extrabold">{title}</h2>
        {code ? (
          <p className="font-mono text-4xl font-extrabold tracking-[0.3em]" data-testid={`${testId}-kode`}>
            {code}
          </p>
        ) : null}
        <p className="text-sm break-all">
          <a href={link} className="font-semibold text-chili-700 underline" data-testid={`${testId}-tautan`}>
            {link}
          </a>
        </p>
        <p className="text-sm text-stone-600">{note}</p>
      </div>
    </section>
  );
}
