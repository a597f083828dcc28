// A /kontak message and a notification to each admin who wants them, in one transaction; limited per address.
import type { Database } from "../../../database/client.server.ts";
import { contactMessages } from "../../../database/schema.ts";
import { getEnv } from "../../lib/env.server.ts";
import { formatWait, hit } from "../../lib/rate-limit.server.ts";
import { notifyAdmins } from "../notifications/notifications.server.ts";

const CONTACT_WINDOW_MS = 60 * 60 * 1000;

interface ContactMessage {
  nama: string;
  email: string;
  pesan: string;
}

type Sent = { ok: true } | { ok: false; message: string; retryAfter: number };

export async function sendContactMessage(
  db: Database,
  message: ContactMessage,
  sender: { address: string; userId: string | null },
): Promise<Sent> {
  const limit = await hit(db, {
    key: `contact:address:${sender.address}`,
    limit: getEnv().RATE_LIMIT_CONTACT_ADDRESS,
    windowMs: CONTACT_WINDOW_MS,
  });
  if (limit.blocked) {
    return {
      ok: false,
      message: `Terlalu banyak pesan dari jaringan ini. Coba lagi dalam ${formatWait(limit.resetAt)}, atau hubungi kami lewat WhatsApp.`,
      retryAfter: Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000)),
    };
  }
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...message, user_id: sender.userId });
    await notifyAdmins(tx, "pesanKontak", {
      judul: `Pesan kontak dari ${message.nama}`,
      pesan: `${message.nama} (${message.email}) menulis: ${message.pesan}`,
    });
  });
  return { ok: true };
}
