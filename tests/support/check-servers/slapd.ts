/**
 * A throwaway OpenLDAP server (Debian's slapd) on a free port: a slapd.conf of its own in a temp
 * directory (no debconf, no cn=config), with example.org's admin and one person loaded by slapadd.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { reachable } from '../check-targets.js';
import { freePort } from '../free-port.js';
import { binaryFrom, commandPath, scratchDir, startProcess, waitUntilReady } from './process.js';

export interface LdapServer {
  url: string;
  adminDn: string;
  adminPassword: string;
  close(): Promise<void>;
}

const ADMIN_DN = 'cn=admin,dc=example,dc=org';
const ADMIN_PASSWORD = 'ldap-admin-secret';

const LDIF = `dn: dc=example,dc=org
objectClass: dcObject
objectClass: organization
o: Example
dc: example

dn: ou=people,dc=example,dc=org
objectClass: organizationalUnit
ou: people

dn: uid=ada,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: ada
cn: Ada Lovelace
sn: Lovelace
`;

export async function startSlapd(skipped: string): Promise<LdapServer | undefined> {
  const slapd = binaryFrom('slapd', skipped);
  const slapadd = commandPath('slapadd');
  if (!slapd || !slapadd) return undefined;
  const dir = scratchDir('slapd');
  fs.mkdirSync(path.join(dir, 'data'));
  const config = path.join(dir, 'slapd.conf');
  fs.writeFileSync(
    config,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      'suffix "dc=example,dc=org"',
      `rootdn "${ADMIN_DN}"`,
      `rootpw ${ADMIN_PASSWORD}`,
      `directory ${path.join(dir, 'data')}`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'data.ldif'), LDIF);
  execFileSync(slapadd, ['-f', config, '-l', path.join(dir, 'data.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  // -d 0: stays in the foreground (so it is stopped by its PID) without debug output.
  const running = startProcess(slapd, ['-f', config, '-h', `ldap://127.0.0.1:${port}/`, '-d', '0']);
  await waitUntilReady('slapd', running, () => reachable('127.0.0.1', port));
  return {
    url: `ldap://127.0.0.1:${port}`,
    adminDn: ADMIN_DN,
    adminPassword: ADMIN_PASSWORD,
    async close() {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
