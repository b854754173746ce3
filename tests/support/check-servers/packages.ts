/**
 * The Debian packages the check kinds' real servers come from, by the command each test starts.
 * binaryFrom installs one when a test needs it; `npm test` installs the missing ones all at once
 * while lint runs (hack/test-machine.ts).
 */
export const CHECK_SERVER_PACKAGES = {
  prometheus: 'prometheus',
  'prometheus-alertmanager': 'prometheus-alertmanager',
  git: 'git',
  mariadbd: 'mariadb-server',
  ping: 'iputils-ping',
  restic: 'restic',
  slapd: 'slapd',
  sshd: 'openssh-server',
  smbd: 'samba',
  smbclient: 'smbclient',
} as const;

export type CheckServerCommand = keyof typeof CHECK_SERVER_PACKAGES;
