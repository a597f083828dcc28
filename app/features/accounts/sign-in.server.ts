// A browser signs in: the session it held ends, a new one starts, the browser becomes a known device.
// Call it last, once the answer is decided: a session row never outlives an answer that failed.
import type { Database } from "../../../database/client.server.ts";
import { endSession, startSession, type Context } from "./auth.server.ts";
import { rememberDevice } from "./known-device.server.ts";

export async function signInCookies(
  db: Database,
  request: Request,
  context: Context,
  user: { id: string; email: string },
  sessionDays?: number,
): Promise<string[]> {
  const device = await rememberDevice(request, user.email);
  await endSession(db, context);
  return [await startSession(db, user.id, sessionDays), device];
}
