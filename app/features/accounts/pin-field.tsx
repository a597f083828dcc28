// The manager's PIN on a risky form (0059): a plain field, so the form works before JavaScript runs.
import { TextField } from "~/ui/form-fields.tsx";
import { PIN_FIELD, PIN_LABEL } from "./pin-rules.ts";

export function PinField({ required = true, hint }: { required?: boolean; hint?: string }) {
  return (
    <TextField
      label={PIN_LABEL}
      name={PIN_FIELD}
      type="password"
      inputMode="numeric"
      pattern="[0-9]{4,6}"
      minLength={4}
      maxLength={6}
      autoComplete="off"
      required={required}
      hint={hint}
    />
  );
}
