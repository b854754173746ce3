import type { ComponentType, SVGProps } from 'react';
import {
  CloudIcon,
  CodeBranchIcon,
  CubeIcon,
  CubesIcon,
  DatabaseIcon,
  FileIcon,
  GlobeIcon,
  NetworkIcon,
  ServerIcon,
} from '@patternfly/react-icons';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The symbol of a config type by the words it holds, first match wins; a server by default. */
const BY_WORD: [RegExp, Icon][] = [
  [/namespace|deployment|replicaset|statefulset|daemonset/i, CubesIcon],
  [/service|ingress|network|vpc|subnet|dns/i, NetworkIcon],
  [/sql|database|rds|postgres|mysql|mongo|redis/i, DatabaseIcon],
  [/git|helm|flux|argo/i, CodeBranchIcon],
  [/http|url|website/i, GlobeIcon],
  [/file|bucket|s3/i, FileIcon],
  [/kubernetes|pod|container/i, CubeIcon],
  [/aws|azure|gcp|cloud/i, CloudIcon],
];

export function configTypeIcon(type: string | null | undefined): Icon {
  return BY_WORD.find(([pattern]) => pattern.test(type ?? ''))?.[1] ?? ServerIcon;
}

/** A config type's symbol, decorative: the type is always written beside it. */
export function ConfigTypeIcon({ type }: { type: string | null | undefined }) {
  const TypeSymbol = configTypeIcon(type);
  return <TypeSymbol aria-hidden="true" />;
}
