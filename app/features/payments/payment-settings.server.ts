// The shop's payment settings (0040): a QRIS payload, pasted or read from a picture, is stored only once
// app/lib/qris accepts it; any refusal stores nothing. The caller has checked the actor is an admin.
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { paymentSettings } from "../../../database/schema.ts";
import { cachedContent, invalidateContentCache } from "../../lib/content-cache.server.ts";
import { readQrPicture } from "../../lib/qris/qr-read.server.ts";
import { validateStaticQris, type Qris } from "../../lib/qris/qris.ts";
import { refuse, written, type WriteResult } from "../../lib/write-result.ts";
import { writeAudit, type Actor } from "../audit/audit-log.server.ts";
import {
  CASH_ONLY,
  orderedMethods,
  PAYMENT_SETTINGS_MESSAGES,
  type PaymentSettings,
  type PaymentSettingsValues,
} from "./payment-methods.ts";
import { PAYMENT_LABELS } from "./payment-labels.ts";

type Row = typeof paymentSettings.$inferSelect;

// A row saved before the parts were kept is read once.
function storedQris(row: Row): PaymentSettings["qris"] {
  if (!row.qris_payload) return null;
  if (row.qris_objects && row.qris_merchant_name)
    return { payload: row.qris_payload, merchantName: row.qris_merchant_name, objects: row.qris_objects };
  const checked = validateStaticQris(row.qris_payload);
  return checked.ok ? qrisParts(checked.value) : null;
}

const qrisParts = ({ payload, merchantName, objects }: Qris) => ({ payload, merchantName, objects });

export async function getPaymentSettings(db: Pick<Database, "select">): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1)).limit(1);
  if (!row) return CASH_ONLY;
  return {
    methods: row.methods,
    qris: storedQris(row),
    bank:
      row.bank_name && row.bank_account && row.bank_holder
        ? { name: row.bank_name, account: row.bank_account, holder: row.bank_holder }
        : null,
  };
}

export const shopPaymentSettings = (db: Pick<Database, "select">) =>
  cachedContent("paymentSettings", () => getPaymentSettings(db));

async function qrisPayload(text: string, picture: File | null): Promise<WriteResult<Qris | null>> {
  if (picture && picture.size > 0) {
    const read = await readQrPicture(new Uint8Array(await picture.arrayBuffer()));
    if (!read.ok) return refuse(400, read.message, { qris_kode: read.message });
    text = read.text;
  }
  if (!text) return written(null);
  const checked = validateStaticQris(text);
  if (!checked.ok) return refuse(400, checked.message, { qris_kode: checked.message });
  return written(checked.value);
}

export async function updatePaymentSettings(
  db: Database,
  actor: Actor,
  values: PaymentSettingsValues,
  picture: File | null,
): Promise<WriteResult | { ok: true; message: string }> {
  const qris = await qrisPayload(values.qris_kode, picture);
  if (!qris.ok) return qris;
  if (values.qris && !qris.value) {
    return refuse(400, PAYMENT_SETTINGS_MESSAGES.qrisMissing, {
      qris_kode: PAYMENT_SETTINGS_MESSAGES.qrisMissing,
    });
  }
  const methods = orderedMethods(values);
  const row = {
    methods,
    qris_payload: qris.value?.payload ?? null,
    qris_objects: qris.value?.objects ?? null,
    qris_merchant_name: qris.value?.merchantName ?? null,
    bank_name: values.bank_nama || null,
    bank_account: values.bank_rekening || null,
    bank_holder: values.bank_pemilik || null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...row, updated_at: new Date() } });
    await writeAudit(tx, actor, {
      action: "ubah",
      entity: "outlet",
      entityId: 1,
      summary: `Metode pembayaran: ${methods.map((entry) => PAYMENT_LABELS[entry]).join(", ")}`,
      details: { methods, qris: Boolean(row.qris_payload), bank: row.bank_name },
    });
  });
  invalidateContentCache();
  // A code kept while QRIS is off: say so, or the owner thinks customers can pay with it.
  return row.qris_payload && !values.qris
    ? { ok: true, message: PAYMENT_SETTINGS_MESSAGES.qrisKeptOff }
    : written(undefined);
}
