/**
 * What a card shows of a property (spec 3 §2.2, §9): its text; or its value in its unit (bytes,
 * millicores, milliseconds, currency shortened to `k` above 1000); with a max, the usage as a
 * percentage, red above 70 %.
 */
import { formatDuration } from '../../lib/format.js';
import type { ComponentProperty } from './types.js';

/** Usage above this share of the max is shown red. */
export const HIGH_USAGE_PERCENT = 70;

const CURRENCY_SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', $: '$', '€': '€', '£': '£' };
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export interface FormattedProperty {
  /** The value as the card writes it; empty when the property has nothing to show. */
  text: string;
  /** The usage against the max, 0–100+, when the property has one. */
  percent?: number;
  /** Usage above 70 %: shown red. */
  high: boolean;
  /** The longer form for a tooltip: '1.5 GB of 4.0 GB'. */
  detail?: string;
}

export const isCurrency = (property: Pick<ComponentProperty, 'type' | 'unit'>) =>
  property.type === 'currency' || (property.unit ?? '').toLowerCase() in CURRENCY_SYMBOLS;

/** 1500 → '1.5k', 150 → '150', 15.25 → '15.3', 1.234 → '1.23'. */
export function shortAmount(amount: number): string {
  if (amount > 1000) return `${(amount / 1000).toFixed(1)}k`;
  if (amount > 100) return amount.toFixed(0);
  if (amount > 10) return amount.toFixed(1);
  return amount.toFixed(2);
}

/** 1536 → '1.5 KB' (powers of 1024, as the platform's cards show memory). */
export function formatBytes(bytes: number, decimals = 1): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** power;
  return `${power === 0 ? value : value.toFixed(decimals)} ${BYTE_UNITS[power]}`;
}

/** A value in its unit: bytes and milli-units read as a person would; others as they are. */
export function formatValue(value: number, unit?: string): string {
  const lower = (unit ?? '').toLowerCase();
  if (lower === 'bytes') return formatBytes(value);
  if (lower === 'millicores') return `${(value / 1000).toFixed(2)} cores`;
  if (lower === 'milliseconds' || lower === 'ms') return formatDuration(value);
  if (lower.startsWith('milli')) return (value / 1000).toFixed(2);
  if (lower === 'percent' || lower === '%') return `${value}%`;
  if (lower === 'epoch') return new Date(value * 1000).toLocaleString();
  return unit ? `${value} ${unit}` : String(value);
}

export function formatProperty(property: ComponentProperty): FormattedProperty {
  const { value, max, text, unit } = property;
  if (value === undefined || value === null || !Number.isFinite(Number(value))) {
    return { text: text ?? '', high: false };
  }
  const amount = Number(value);
  if (isCurrency(property)) {
    const symbol = CURRENCY_SYMBOLS[(unit ?? '').toLowerCase()] ?? '$';
    return { text: `${symbol}${shortAmount(amount)}`, high: false };
  }
  if (max !== undefined && max !== null && Number(max) > 0) {
    const percent = (amount / Number(max)) * 100;
    return {
      text: `${percent.toFixed(0)}%`,
      percent,
      high: percent > HIGH_USAGE_PERCENT,
      detail: `${formatValue(amount, unit)} of ${formatValue(Number(max), unit)}`,
    };
  }
  return { text: formatValue(amount, unit), high: false };
}

/** Whether a property has anything to show on a card. */
export const isShown = (property: ComponentProperty) =>
  property.type !== 'hidden' &&
  !property.hidden &&
  ((property.text ?? '') !== '' || (property.value !== undefined && property.value !== null));
