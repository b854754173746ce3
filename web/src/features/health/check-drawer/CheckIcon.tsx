import type { ComponentType } from 'react';
import {
  CubeIcon,
  DatabaseIcon,
  GlobeIcon,
  HeartbeatIcon,
  NetworkIcon,
  TerminalIcon,
} from '@patternfly/react-icons';

const PICTURE = /^(https?:\/\/|data:image\/)/i;

const BY_TYPE: [RegExp, ComponentType][] = [
  [/^https?$/, GlobeIcon],
  [/^(tcp|icmp|dns|ldap)$/, NetworkIcon],
  [/^(sql|postgres|mysql|mssql|mongodb|mongo|redis|elasticsearch|opensearch)$/, DatabaseIcon],
  [/^(kubernetes|pod|namespace)/, CubeIcon],
  [/^(exec|junit|jmeter)$/, TerminalIcon],
];

/** The check's picture when its icon is an address, otherwise a symbol for its type. */
export function CheckIcon({ icon, type }: { icon: string | null | undefined; type: string | undefined }) {
  if (icon && PICTURE.test(icon)) {
    return <img src={icon} alt="" width={24} height={24} style={{ verticalAlign: 'middle' }} />;
  }
  const Icon = BY_TYPE.find(([pattern]) => pattern.test((type ?? '').toLowerCase()))?.[1] ?? HeartbeatIcon;
  return <Icon aria-hidden="true" />;
}
