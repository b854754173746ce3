import type { ComponentType, SVGProps } from 'react';
import {
  CloudIcon,
  CodeBranchIcon,
  CubeIcon,
  CubesIcon,
  DatabaseIcon,
  GlobeIcon,
  NetworkIcon,
  ServerIcon,
  TopologyIcon,
  UsersIcon,
} from '@patternfly/react-icons';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The symbol of an icon name (as topologies name them: 'k8s-pod', 'postgres') by the words it holds. */
const BY_WORD: [RegExp, Icon][] = [
  [/namespace|deployment|replicaset|statefulset|daemonset|cluster/i, CubesIcon],
  [/service|ingress|network|vpc|subnet|dns|load.?balancer/i, NetworkIcon],
  [/sql|database|rds|postgres|mysql|mongo|redis|db/i, DatabaseIcon],
  [/git|helm|flux|argo/i, CodeBranchIcon],
  [/http|url|website|web/i, GlobeIcon],
  [/team|user|people/i, UsersIcon],
  [/k8s|kubernetes|pod|container/i, CubeIcon],
  [/aws|azure|gcp|cloud/i, CloudIcon],
  [/node|server|host|vm|instance/i, ServerIcon],
];

const isPicture = (icon: string) => /^(https?:|data:image\/)/.test(icon);

/** A component's icon, decorative (its name is always written beside it): a picture URL or a symbol. */
export function ComponentIcon({ icon, size = 20 }: { icon?: string | null; size?: number }) {
  if (icon && isPicture(icon)) return <img src={icon} alt="" width={size} height={size} />;
  const Symbol = BY_WORD.find(([pattern]) => pattern.test(icon ?? ''))?.[1] ?? TopologyIcon;
  return <Symbol aria-hidden="true" width={size} height={size} />;
}
