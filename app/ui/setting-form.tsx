// One setting of /admin/outlet in a card of its own, so saving it leaves the other settings as they are.
import type { ReactNode } from "react";
import type { useEnhancedForm } from "~/lib/use-enhanced-form.ts";
import { FormMessage } from "./form-message.tsx";

interface SettingFormProps {
  state: Pick<ReturnType<typeof useEnhancedForm>, "form" | "answer" | "pending">;
  intent: string;
  text: { title: string; description: string; submitLabel: string };
  children: ReactNode;
}

export function SettingForm({ state, intent, text, children }: SettingFormProps) {
  const { form, answer, pending } = state;
  const titleId = `${form.id}-judul`;
  return (
    <form
      {...form.props}
      key={form.key}
      className="card mt-6 grid max-w-4xl gap-3 p-5 sm:p-6"
      aria-labelledby={titleId}
    >
      <input type="hidden" name="intent" value={intent} />
      <h2 id={titleId} className="text-lg font-extrabold">
        {text.title}
      </h2>
      <p className="text-sm text-stone-600">{text.description}</p>
      {children}
      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          {text.submitLabel}
        </button>
        <FormMessage answer={answer} intents={[intent]} id={form.errorId} />
      </div>
    </form>
  );
}
