import { useState, type ReactNode } from "react";
import { Checkbox, SelectField, TextField } from "~/ui/form-fields.tsx";
import { checkboxProps, fieldProps, type FieldMeta } from "~/lib/use-enhanced-form.ts";
import { DAY_NAMES } from "~/features/store/opening-hours.ts";
import { BUNDLE_SLOTS, type RuleFieldName, type TargetOption } from "./rule-form.ts";

type Fields = Record<RuleFieldName, FieldMeta>;

const KIND_LABELS = [
  ["", "Tanpa aturan harga (gambar saja)"],
  ["persen", "Diskon persen"],
  ["potongan", "Potongan harga (Rp)"],
  ["gratis", "Beli sekian, gratis sekian"],
  ["paket", "Paket harga tetap"],
] as const;

const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-stone-200 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 font-bold">{title}</legend>
      {hint ? <p className="text-sm text-stone-600 sm:col-span-2">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function FieldError({ field }: { field: FieldMeta }) {
  const error = field.errors?.[0];
  return error ? (
    <p id={`${field.id}-error`} className="text-sm font-semibold text-chili-700 sm:col-span-2">
      {error}
    </p>
  ) : null;
}

function TargetOptions({ options }: { options: readonly TargetOption[] }) {
  const groups = [...new Set(options.map((option) => option.group))];
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group} label={group}>
          {options
            .filter((option) => option.group === group)
            .map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

// All fields are in the page without JavaScript; with it, only those of the chosen kind show.
export function RuleFields({ fields, options }: { fields: Fields; options: readonly TargetOption[] }) {
  const [kind, setKind] = useState(
    typeof fields.kind.initialValue === "string" ? fields.kind.initialValue : "",
  );
  const [scope, setScope] = useState(fields.scope.initialValue === "pilihan" ? "pilihan" : "semua");
  const days = asList(fields.days.initialValue);
  const targets = asList(fields.targets.initialValue);
  const shown = (...kinds: string[]) => (kinds.includes(kind) ? "" : "js:hidden");
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="rule-fields">
      <div className="sm:col-span-2">
        <SelectField
          label="Aturan harga"
          {...fieldProps(fields.kind)}
          onChange={(event) => setKind(event.currentTarget.value)}
          hint="Promo dengan aturan langsung memotong harga di keranjang dan di pesanan."
        >
          {KIND_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>

      <div className={`grid gap-4 sm:col-span-2 sm:grid-cols-2 ${kind === "" ? "js:hidden" : ""}`}>
        <Group
          title="Kapan berlaku"
          hint="Menurut zona waktu toko. Rentang tanggalnya adalah tanggal tampil di atas."
        >
          <div className="sm:col-span-2" role="group" aria-labelledby={`${fields.days.id}-label`}>
            <span id={`${fields.days.id}-label`} className="field-label">
              Hari
            </span>
            <div className="flex flex-wrap gap-x-4">
              {DAY_NAMES.map((day, index) => (
                <Checkbox
                  key={day}
                  label={day}
                  name={fields.days.name}
                  value={String(index)}
                  defaultChecked={days.includes(String(index))}
                />
              ))}
            </div>
            <FieldError field={fields.days} />
          </div>
          <TextField label="Jam mulai (opsional)" type="time" {...fieldProps(fields.time_from)} />
          <TextField
            label="Jam selesai (opsional)"
            type="time"
            {...fieldProps(fields.time_until)}
            hint="Lebih awal dari jam mulai berarti lewat tengah malam."
          />
        </Group>

        <Group title="Untuk siapa">
          <SelectField label="Pelanggan" {...fieldProps(fields.audience)}>
            <option value="semua">Semua pelanggan</option>
            <option value="masuk">Pelanggan yang masuk akun</option>
            <option value="pertama">Pesanan pertama pelanggan (masuk akun)</option>
          </SelectField>
          <TextField
            label="Batas per pelanggan (opsional)"
            inputMode="numeric"
            {...fieldProps(fields.per_customer)}
            hint="Berapa kali satu akun boleh memakainya."
          />
        </Group>

        <Group title="Menu yang dihitung">
          <div className="sm:col-span-2">
            <SelectField
              label="Berlaku untuk"
              {...fieldProps(fields.scope)}
              onChange={(event) => setScope(event.currentTarget.value)}
            >
              <option value="semua">Seluruh pesanan</option>
              <option value="pilihan">Menu, hidangan, atau kategori tertentu</option>
            </SelectField>
          </div>
          <div className={`sm:col-span-2 ${scope === "semua" ? "js:hidden" : ""}`}>
            <span className="field-label">Pilihan (centang satu atau lebih)</span>
            <div className="grid gap-x-4 sm:grid-cols-2">
              {options.map((option) => (
                <Checkbox
                  key={option.value}
                  label={`${option.label}${option.group === "Menu" ? "" : ` (${option.group.toLowerCase()})`}`}
                  name={fields.targets.name}
                  value={option.value}
                  defaultChecked={targets.includes(option.value)}
                />
              ))}
            </div>
            <FieldError field={fields.targets} />
          </div>
        </Group>

        <Group title="Potongannya">
          <div className={shown("persen")}>
            <TextField label="Diskon (%)" inputMode="numeric" {...fieldProps(fields.percent)} />
          </div>
          <div className={shown("potongan")}>
            <TextField label="Potongan (Rp)" inputMode="numeric" {...fieldProps(fields.amount)} />
          </div>
          <div className={`grid gap-4 sm:col-span-2 sm:grid-cols-3 ${shown("gratis")}`}>
            <TextField label="Beli (porsi)" inputMode="numeric" {...fieldProps(fields.buy)} />
            <TextField label="Gratis (porsi)" inputMode="numeric" {...fieldProps(fields.free)} />
            <SelectField label="Yang gratis" {...fieldProps(fields.reward)}>
              <option value="">Yang termurah dari menu yang dihitung</option>
              <TargetOptions options={options.filter((option) => option.group !== "Kategori")} />
            </SelectField>
          </div>
          <div className={`grid gap-4 sm:col-span-2 sm:grid-cols-2 ${shown("paket")}`}>
            {BUNDLE_SLOTS.map((slot) => (
              <div key={slot} className="grid grid-cols-[1fr_5rem] gap-2">
                <SelectField label={`Isi paket ${slot}`} {...fieldProps(fields[`bundle_${slot}`])}>
                  <option value="">—</option>
                  <TargetOptions options={options.filter((option) => option.group !== "Kategori")} />
                </SelectField>
                <TextField label="Jumlah" inputMode="numeric" {...fieldProps(fields[`bundle_${slot}_qty`])} />
              </div>
            ))}
            <TextField
              label="Harga paket (Rp)"
              inputMode="numeric"
              {...fieldProps(fields.bundle_price)}
              hint="Untuk isi termurahnya; level yang lebih mahal menambah selisihnya."
            />
          </div>
        </Group>

        <Group title="Syarat lain">
          <TextField
            label="Minimal belanja (Rp, opsional)"
            inputMode="numeric"
            {...fieldProps(fields.min_subtotal)}
            hint="Dari total pesanan sebelum promo."
          />
          <div className="self-end">
            <Checkbox label="Bisa digabung dengan promo lain" {...checkboxProps(fields.combinable)} />
          </div>
          <p className="text-sm text-stone-600 sm:col-span-2">
            Bila tidak bisa digabung, pelanggan otomatis mendapat satu promo yang paling hemat untuknya.
          </p>
        </Group>
      </div>
    </div>
  );
}
