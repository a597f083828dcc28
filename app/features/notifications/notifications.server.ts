// Staff notifications and their switches (0005, 0020, 0056); every query is filtered by the person's id.
// New orders reach the owner, the admins and the counter; new users and contact messages the managers.
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

export interface NotificationSwitches {
  pesananBaru: boolean;
  penggunaBaru: boolean;
  pesanKontak: boolean;
}

const RECIPIENTS: Record<keyof NotificationSwitches, readonly string[]> = {
  pesananBaru: ["pemilik", "admin", "kasir"],
  penggunaBaru: ["pemilik", "admin"],
  pesanKontak: ["pemilik", "admin"],
};

const DEFAULT_SWITCHES: NotificationSwitches = { pesananBaru: true, penggunaBaru: true, pesanKontak: true };

const SWITCH_COLUMNS = {
  pesananBaru: notificationSettings.pesanan_baru,
  penggunaBaru: notificationSettings.pengguna_baru,
  pesanKontak: notificationSettings.pesan_kontak,
} as const;

// A write once per admin per process, not on every admin page.
const inboxesMade = new Set<string>();

export async function ensureAdminInbox(db: Database, userId: string): Promise<void> {
  if (inboxesMade.has(userId)) return;
  await db.insert(notificationSettings).values({ user_id: userId }).onConflictDoNothing();
  inboxesMade.add(userId);
}

// `db` may be a transaction, so the news and what it is about are written together.
export async function notifyAdmins(
  db: Pick<Database, "execute">,
  kind: keyof NotificationSwitches,
  notification: { judul: string; pesan: string },
  exceptUserId?: string,
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, judul, pesan)
    select ${users.id}, ${notification.judul}, ${notification.pesan}
    from ${users} left join ${notificationSettings} on ${notificationSettings.user_id} = ${users.id}
    where ${users.role} in (${sql.join(
      RECIPIENTS[kind].map((role) => sql`${role}`),
      sql`, `,
    )})
      and coalesce(${SWITCH_COLUMNS[kind]}, ${DEFAULT_SWITCHES[kind]})
      and ${users.id} <> ${exceptUserId ?? ""}
    returning ${notifications.id}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
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
  return { pesananBaru: row.pesanan_baru, penggunaBaru: row.pengguna_baru, pesanKontak: row.pesan_kontak };
}

export async function saveNotificationSwitches(
  db: Database,
  userId: string,
  switches: NotificationSwitches,
): Promise<void> {
  const values = {
    pesanan_baru: switches.pesananBaru,
    pengguna_baru: switches.penggunaBaru,
    pesan_kontak: switches.pesanKontak,
  };
  await db
    .insert(notificationSettings)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.user_id, set: { ...values, updated_at: sql`now()` } });
}
