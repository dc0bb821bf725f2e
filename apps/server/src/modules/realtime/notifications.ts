import type { StaffActor } from '../../core/auth/actors.js';
import type { Tx } from '../../core/db/client.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import type { Revocation } from './hub.js';

/**
 * A staff screen's `staff_notification`, stored and delivered only while its sign-in is still
 * valid: `stillAllowed` checks (and share-locks) the session in the same transaction, so a
 * revocation committing meanwhile is either seen here or waits until the message is in.
 * Resolves to the revocation that refused it, or null when it was sent.
 */
export async function sendStaffNotification(
  ctx: WorkContext,
  actor: StaffActor,
  message: string,
  stillAllowed: (tx: Tx) => Promise<Revocation | null>,
): Promise<Revocation | null> {
  return runWork(ctx, actor, async (uow) => {
    const why = await stillAllowed(uow.tx);
    if (why) return why;
    uow.emit({ type: 'staff_notification', data: { message, fromRole: actor.user.role } });
    uow.audit({
      action: 'staff.notified',
      entityType: 'user',
      entityId: actor.user.id,
      details: { message },
    });
    return null;
  });
}
