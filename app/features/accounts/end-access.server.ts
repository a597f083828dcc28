// Ending a person's access at once (0056): after a role change or a deletion their sessions are gone, no
// server keeps a cached one, and every server closes their open event streams.
import { eq } from "drizzle-orm";
import type { Database } from "../../../database/client.server.ts";
import { sessions } from "../../../database/schema.ts";
import { closeStreamsOf } from "../../lib/event-stream.server.ts";
import { forgetUserSessions } from "./auth.server.ts";

type Executor = Pick<Database, "delete">;

/** After the change is committed: a stream closed earlier could reconnect and still meet the old role. */
export async function endAccess(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
  forgetUserSessions(userId);
  closeStreamsOf(userId);
}
