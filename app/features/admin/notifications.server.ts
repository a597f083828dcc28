/**
 * An admin's notifications (notifikasi-masuk) and notification switches
 * (pengaturan-notifikasi), stored per admin.
 *
 * Invariants: an admin only ever reads or changes their own rows (every query is filtered by
 * the signed-in admin's id); the first visit creates the settings row with the SPEC.md defaults
 * and the sample notifications in one transaction, exactly once even when two requests race.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { notifications, notificationSettings, users } from "../../../database/schema.ts";

export interface NotificationItem {
  id: number;
  judul: string;
  pesan: string;
  waktu: Date;
  sudahDibaca: boolean;
}

/**
 * SPEC.md section 3: pesananBaru, pembayaran, komentar, sistem — on, on, off, on; and pesanKontak
 * (a message from the /kontak form), on: a restaurant wants to read what customers write.
 */
export interface NotificationSwitches {
  pesananBaru: boolean;
  pembayaran: boolean;
  komentar: boolean;
  sistem: boolean;
  pesanKontak: boolean;
}

const DEFAULT_SWITCHES: NotificationSwitches = {
  pesananBaru: true,
  pembayaran: true,
  komentar: false,
  sistem: true,
  pesanKontak: true,
};

const HOUR = 60 * 60 * 1000;

/** What a new admin finds in notifikasi-masuk (the original showed these as samples). */
const SAMPLE_NOTIFICATIONS = [
  {
    judul: "Selamat datang di panel admin",
    pesan: "Di sini Anda mengelola pengguna dan melihat kabar terbaru dari toko.",
    ageMs: 0,
  },
  {
    judul: "Pesanan baru",
    pesan: "Ada pesanan baru lewat WhatsApp: 2x Mie Nyala Level 3, 1x Es Teh Jumbo.",
    ageMs: 2 * HOUR,
  },
  {
    judul: "Promo Senin aktif",
    pesan: "Diskon Senin 20% sudah tampil di halaman beranda.",
    ageMs: 26 * HOUR,
  },
] as const;

/** Creates the admin's settings row and sample notifications on their first visit. */
export async function ensureAdminInbox(db: Database, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(notificationSettings)
      .values({ user_id: userId })
      .onConflictDoNothing()
      .returning({ user_id: notificationSettings.user_id });
    if (created.length === 0) return;
    await tx.insert(notifications).values(
      SAMPLE_NOTIFICATIONS.map((sample) => ({
        user_id: userId,
        judul: sample.judul,
        pesan: sample.pesan,
        created_at: new Date(now.getTime() - sample.ageMs),
      })),
    );
  });
}

export async function listNotifications(
  db: Database,
  userId: string,
  limit = 50,
): Promise<NotificationItem[]> {
  return db
    .select({
      id: notifications.id,
      judul: notifications.judul,
      pesan: notifications.pesan,
      waktu: notifications.created_at,
      sudahDibaca: notifications.sudah_dibaca,
    })
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.sudah_dibaca, false)));
  return row?.unread ?? 0;
}

/** Marks one of the admin's notifications read; false when it is not theirs or does not exist. */
export async function markNotificationRead(db: Database, userId: string, id: number): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ sudah_dibaca: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ sudah_dibaca: true })
    .where(and(eq(notifications.user_id, userId), eq(notifications.sudah_dibaca, false)))
    .returning({ id: notifications.id });
  return updated.length;
}

export async function getNotificationSwitches(db: Database, userId: string): Promise<NotificationSwitches> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.user_id, userId))
    .limit(1);
  if (!row) return { ...DEFAULT_SWITCHES };
  return {
    pesananBaru: row.pesanan_baru,
    pembayaran: row.pembayaran,
    komentar: row.komentar,
    sistem: row.sistem,
    pesanKontak: row.pesan_kontak,
  };
}

export async function saveNotificationSwitches(
  db: Database,
  userId: string,
  switches: NotificationSwitches,
): Promise<void> {
  const values = {
    pesanan_baru: switches.pesananBaru,
    pembayaran: switches.pembayaran,
    komentar: switches.komentar,
    sistem: switches.sistem,
    pesan_kontak: switches.pesanKontak,
  };
  await db
    .insert(notificationSettings)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.user_id, set: { ...values, updated_at: sql`now()` } });
}

/**
 * A notification for every admin whose switch for this kind of news is on (the default where an
 * admin never saved the settings). `db` may be a transaction, so the news and what it is about
 * are written together.
 */
export async function notifyAdmins(
  db: Pick<Database, "select" | "insert">,
  kind: "pesanKontak",
  notification: { judul: string; pesan: string },
): Promise<number> {
  const admins = await db
    .select({ id: users.id, on: notificationSettings.pesan_kontak })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.user_id, users.id))
    .where(eq(users.role, "admin"));
  const told = admins.filter((admin) => admin.on ?? DEFAULT_SWITCHES[kind]);
  if (told.length > 0)
    await db.insert(notifications).values(told.map((admin) => ({ user_id: admin.id, ...notification })));
  return told.length;
}
