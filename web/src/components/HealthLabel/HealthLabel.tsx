import type { ComponentType, ReactNode } from 'react';
import { Label } from '@patternfly/react-core';
import {
  CheckCircleIcon,
  ExclamationCircleIcon,
  ExclamationTriangleIcon,
  QuestionCircleIcon,
} from '@patternfly/react-icons';
import { type HealthColor, healthColor } from './health.js';

const ICONS: Record<HealthColor, ComponentType> = {
  red: ExclamationCircleIcon,
  orange: ExclamationTriangleIcon,
  grey: QuestionCircleIcon,
  green: CheckCircleIcon,
};

export interface HealthLabelProps {
  status: string | null | undefined;
  /** Shown instead of the capitalised status (e.g. an age); the status stays in the accessible text. */
  text?: ReactNode;
  isCompact?: boolean;
}

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A PatternFly Label in the status' health colour (spec 1 §4) with a matching icon. */
export function HealthLabel({ status, text, isCompact }: HealthLabelProps) {
  const color = healthColor(status);
  const Icon = ICONS[color];
  const statusText = capitalize(status?.trim() ?? '');
  // Colour and icon alone would not tell a screen reader the status when other text is shown.
  const hiddenStatus = text !== undefined && text !== statusText && statusText;
  return (
    <Label color={color} icon={<Icon />} isCompact={isCompact}>
      {hiddenStatus && <span className="pf-v6-screen-reader">{statusText}: </span>}
      {text ?? statusText}
    </Label>
  );
}
