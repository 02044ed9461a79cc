/**
 * Who an operator CLI's `--by NAME` is (issue 43: "the CLIs' --by becomes the staff member"). Read this way:
 *   - NAME is a staff account's e-mail (any case): that staff member; what the CLI does is recorded with their account
 *     (staff_activity.staff_id, order_events.staff_id), as the same action in the back office would be;
 *   - NAME names no account and the shop has staff accounts: refused (exit 1), naming `staff list`, so a typo or a made-up
 *     name cannot stand in for a person; a disabled account is refused too;
 *   - the shop has no staff account yet (opening day, before `staff add ... --role owner`): NAME is recorded as given,
 *     as before.
 * Every such action is also a line of the back office's activity list, marked `via: command line` with the system user
 * who ran it.
 */
import os from 'node:os';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from './service.ts';

export const BY_MAX = 100;

/** The actor of a `--by NAME` (see above); 400 for an unknown or disabled staff e-mail once staff exist. */
export async function actorOfBy(q: Queryable, name: string): Promise<Actor> {
  const by = name.trim();
  if (!by || by.length > BY_MAX) throw badRequest(`--by names who did it (1 to ${BY_MAX} characters)`);
  const { rows: [st] } = await q.query('SELECT id, email, disabled_at FROM staff WHERE email = $1', [by.toLowerCase()]);
  if (st && !st.disabled_at) return { id: st.id, email: st.email };
  if (st) throw badRequest(`--by ${st.email}: that staff account is disabled`);
  const { rows: [any] } = await q.query('SELECT EXISTS (SELECT 1 FROM staff) AS some');
  if (any.some) throw badRequest(`--by ${by} is not a staff member's e-mail: give yours (npm run staff -- list shows the accounts)`);
  return { id: null, email: by };
}

/** The activity's note of an action taken on the command line: which system user ran it. */
export const viaCommandLine = () => ({ via: `command line (${os.userInfo().username})` });

/** Who ran a CLI action that takes no --by (a refund): the system user, as `npm run staff` records itself. */
export const commandLineActor = (): Actor => ({ id: null, email: `command line (${os.userInfo().username})` });
