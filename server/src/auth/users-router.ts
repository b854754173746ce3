import { Router, type Request } from 'express';
import {
  checkAction,
  requireAction,
  requireFeature,
  requirePermission,
  type FlagReader,
} from '../access/guard.js';
import { strongestRole } from '../../../common/roles.js';
import { HttpError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import { saveIdentity, fullName, type Traits } from './identities.js';
import type { Invites } from './invites.js';
import { consoleUrl } from './return-to.js';
import type { SessionStore } from './session-store.js';
import { emailTaken, readUserForm } from './user-form.js';
import { UUID as uuidPattern } from '../lib/uuid.js';

/** A user as spec 3 §3 shows one. */
export interface User {
  id: string;
  traits: Traits;
  roles: string[];
  state: 'active' | 'inactive';
  created_at: string;
}

const USER_COLUMNS = `p.id, i.traits, p.roles, i.state, p.created_at`;

async function findUser(db: Db, id: string): Promise<User> {
  const { rows } = uuidPattern.test(id)
    ? await db.query<User>(
        `select ${USER_COLUMNS} from people p join identities i on i.id = p.id
         where p.id = $1 and p.deleted_at is null`,
        [id],
      )
    : { rows: [] };
  if (!rows[0]) throw new HttpError(404, 'There is no such user.');
  return rows[0];
}

const selfId = (req: Request) => req.user!.id;

/**
 * /api/people/users: the users page (read identities), and the changes only administrators make
 * (write identities: spec 3 §6). Mounted after sign-in and CSRF checks.
 */
export function createUsersRouter({
  db,
  sessions,
  invites,
  config,
  flags,
}: {
  db: Db;
  sessions: SessionStore;
  invites: Invites;
  config: { publicUrl: string | undefined; basePath: string };
  flags: FlagReader;
}) {
  const users = Router();
  // The users page can be turned off like any settings page (settings.users.disable).
  const usersOn = requireFeature('settings.users', flags);
  const readers = [requirePermission('identities', 'read'), usersOn];

  users.get('/users', ...readers, async (_req, res) => {
    const { rows } = await db.query<User>(
      `select ${USER_COLUMNS} from people p join identities i on i.id = p.id
       where p.deleted_at is null and p.type = 'person' order by lower(p.name), p.id`,
    );
    res.json(rows);
  });

  users.patch('/users/:id', requireAction('people.update', flags), async (req, res) => {
    const id = String(req.params.id);
    const before = await findUser(db, id);
    const { traits, role } = readUserForm(req.body);
    // The edit form starts from the strongest role: anything else is a change of role.
    if (strongestRole(before.roles) !== role) await checkAction(req, 'people.assignRole', flags);
    const active = (req.body as { active?: unknown }).active !== false;
    if (id === selfId(req) && (!active || role !== 'admin'))
      throw new HttpError(409, 'You cannot remove your own admin role or deactivate yourself.');
    try {
      await db.transaction(async (tx) => {
        await tx.query(`update people set name = $2, email = $3, roles = $4::text[] where id = $1`, [
          id,
          fullName(traits.name),
          traits.email,
          [role],
        ]);
        await saveIdentity(tx, id, traits, active ? 'active' : 'inactive');
        // An invited person signs in with their email: the username follows it.
        await tx.query(
          `update _local_credentials set username = lower($2) where person_id = $1 and username = lower($3)`,
          [id, traits.email, before.traits.email ?? ''],
        );
        if (!active) await tx.query(`delete from _invites where person_id = $1`, [id]);
      });
    } catch (error) {
      const taken = emailTaken(error, traits.email);
      if (taken) throw taken;
      if ((error as { code?: string } | null)?.code === '23505')
        throw new HttpError(409, `A user named ${traits.email.toLowerCase()} already exists.`);
      throw error;
    }
    if (!active) await sessions.destroyAllFor(id);
    res.json(await findUser(db, id));
  });

  users.delete('/users/:id', requireAction('people.delete', flags), async (req, res) => {
    const id = String(req.params.id);
    await findUser(db, id);
    if (id === selfId(req)) throw new HttpError(409, 'You cannot delete your own user.');
    await db.transaction(async (tx) => {
      await tx.query(`update people set deleted_at = now() where id = $1`, [id]);
      await tx.query(`update identities set state = 'inactive', state_changed_at = now() where id = $1`, [
        id,
      ]);
      await tx.query(`delete from _invites where person_id = $1`, [id]);
      // Frees the username (an invited person's email) for a new invitation of that address.
      await tx.query(`delete from _local_credentials where person_id = $1`, [id]);
    });
    await sessions.destroyAllFor(id);
    res.status(204).end();
  });

  const invite = Router();
  invite.post('/invite_user', requireAction('people.invite', flags), async (req, res) => {
    const { traits, role } = readUserForm(req.body);
    try {
      const { id, token } = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into people (name, email, roles) values ($1, $2, $3::text[]) returning id`,
          [fullName(traits.name), traits.email, [role]],
        );
        const personId = rows[0]!.id;
        await saveIdentity(tx, personId, traits, 'active');
        return { id: personId, token: await invites.create(tx, personId, selfId(req)) };
      });
      // The token travels in the fragment: browsers never send it to a server or a log.
      res
        .status(201)
        .json({ link: `${consoleUrl(req, config)}invite#${token}`, user: await findUser(db, id) });
    } catch (error) {
      throw emailTaken(error, traits.email) ?? error;
    }
  });

  return { users, invite };
}
