import type { ComponentType, SVGProps } from 'react';
import {
  BanIcon,
  CodeBranchIcon,
  ExchangeAltIcon,
  ExclamationTriangleIcon,
  HeartbeatIcon,
  ImageIcon,
  InfoCircleIcon,
  PencilAltIcon,
  PlayIcon,
  PlusCircleIcon,
  PowerOffIcon,
  RedoIcon,
  TrashIcon,
  UserIcon,
} from '@patternfly/react-icons';
import './changes.css';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** Words in a change type and the icon they stand for; the first that matches wins. */
const ICONS: [pattern: RegExp, icon: Icon][] = [
  [/^diff$/i, CodeBranchIcon],
  [/delet|remov|destroy|terminat/i, TrashIcon],
  [/creat|add|^put|attach|register/i, PlusCircleIcon],
  [/oomkill|backoff|fail|error|unhealthy|evict/i, ExclamationTriangleIcon],
  [/health/i, HeartbeatIcon],
  [/scal/i, ExchangeAltIcon],
  [/pull|image/i, ImageIcon],
  [/restart|reboot|rollout|redeploy/i, RedoIcon],
  [/kill|stop|deallocate|shutdown/i, PowerOffIcon],
  [/start|schedul|run/i, PlayIcon],
  [/deny|forbid|block/i, BanIcon],
  [/role|user|polic|permission|iam/i, UserIcon],
  [/updat|write|modif|patch|change/i, PencilAltIcon],
];

export const changeTypeIcon = (changeType: string): Icon =>
  ICONS.find(([pattern]) => pattern.test(changeType))?.[1] ?? InfoCircleIcon;

/** A change type with the icon of what it does (created, deleted, diff, a failure, …). */
export function ChangeType({ changeType }: { changeType: string }) {
  const TypeIcon = changeTypeIcon(changeType);
  return (
    <span className="ops-change-type">
      <TypeIcon aria-hidden="true" />
      {changeType}
    </span>
  );
}
