import { PlayCircleIcon } from '@patternfly/react-icons';

const PICTURE = /^(https?:\/\/|data:image\/)/i;

/** A playbook's picture when its icon is an address, otherwise the playbooks symbol. */
export function PlaybookIcon({ icon, size = 24 }: { icon: string | null | undefined; size?: number }) {
  if (icon && PICTURE.test(icon)) {
    return <img src={icon} alt="" width={size} height={size} style={{ verticalAlign: 'middle' }} />;
  }
  return <PlayCircleIcon aria-hidden="true" />;
}

/** A playbook's name as the pages show it: its title, else its name. */
export const playbookTitle = (playbook: { title?: string | null; name: string } | null | undefined) =>
  playbook ? playbook.title?.trim() || playbook.name : '';
