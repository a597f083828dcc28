// A device's or a person's locked PIN entry on the owner's lists, and the form that lifts it (0059).
import { Form } from "react-router";

export function PinLock({
  userId,
  nama,
  until,
  busy,
}: {
  userId: string;
  nama: string;
  until: string;
  busy: boolean;
}) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="pin-kunci">
      <span className="text-xs font-semibold text-chili-700">PIN dikunci sampai {until}</span>
      <Form method="post">
        <input type="hidden" name="intent" value="buka-pin" />
        <input type="hidden" name="userId" value={userId} />
        <button type="submit" className="btn-secondary min-h-9 text-xs" disabled={busy}>
          Buka kunci PIN<span className="sr-only"> {nama}</span>
        </button>
      </Form>
    </div>
  );
}
