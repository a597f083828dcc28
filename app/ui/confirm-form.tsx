import { Form } from "react-router";

// A one-tap-away destructive write: the first tap opens the question, the second sends it; no JavaScript needed.
export function ConfirmForm({
  intent,
  fields,
  label,
  question,
  confirmLabel,
  busy,
}: {
  intent: string;
  fields: Record<string, string>;
  label: React.ReactNode;
  question: string;
  confirmLabel: string;
  busy: boolean;
}) {
  return (
    <details className="group">
      <summary className="btn-secondary text-chili-700 cursor-pointer list-none">{label}</summary>
      <Form method="post" className="mt-2 grid gap-2 rounded-xl border border-chili-200 bg-chili-50 p-3">
        <p className="text-sm font-semibold text-stone-800">{question}</p>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-primary" disabled={busy}>
          {confirmLabel}
        </button>
      </Form>
    </details>
  );
}
