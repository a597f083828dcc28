// The details remembered for the next order: on the account, else in an HttpOnly cookie of /keranjang (0022).
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { checkoutProfiles } from "../../../database/schema.ts";
import { cookieName, readCookie, serializeCookie } from "../../lib/cookies.server.ts";
import { readSavedDetails, type SavedDetails } from "./checkout-details.ts";

const DETAILS_PATH = "/keranjang";
const DETAILS_SECONDS = 365 * 24 * 60 * 60;
const detailsCookieName = () => cookieName("nyala_pemesan", DETAILS_PATH);

function readDetailsCookie(request: Request): SavedDetails | null {
  const value = readCookie(request, detailsCookieName(), 2000);
  if (!value) return null;
  try {
    return readSavedDetails(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
  } catch {
    return null;
  }
}

export const detailsCookie = (details: SavedDetails) =>
  serializeCookie(detailsCookieName(), Buffer.from(JSON.stringify(details)).toString("base64url"), {
    path: DETAILS_PATH,
    maxAge: DETAILS_SECONDS,
  });

interface Account {
  id: string;
  nama: string;
}

export async function rememberedDetails(
  db: Database,
  request: Request,
  account: Account | null,
): Promise<Partial<SavedDetails> | null> {
  if (account) {
    const [row] = await db
      .select()
      .from(checkoutProfiles)
      .where(eq(checkoutProfiles.user_id, account.id))
      .limit(1);
    const saved = row
      ? readSavedDetails({
          nama: row.nama,
          whatsapp: row.whatsapp,
          cara: row.fulfilment,
          alamat: row.address,
          patokan: row.landmark,
          meja: row.table_number,
        })
      : null;
    return saved ?? readDetailsCookie(request) ?? { nama: account.nama };
  }
  return readDetailsCookie(request);
}

export async function saveAccountDetails(db: Database, userId: string, details: SavedDetails) {
  const values = {
    nama: details.nama,
    whatsapp: details.whatsapp,
    fulfilment: details.cara,
    address: details.alamat,
    landmark: details.patokan,
    table_number: details.meja,
  };
  await db
    .insert(checkoutProfiles)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: checkoutProfiles.user_id, set: { ...values, updated_at: new Date() } });
}
