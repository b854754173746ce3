import type { CSSProperties } from 'react';

/**
 * Spacing from PatternFly's tokens, inline: the console ships PatternFly's components, not its
 * utility classes (pf-v6-u-*).
 */
const space = (size: 'xs' | 'sm' | 'md') => `var(--pf-t--global--spacer--${size})`;

export const GAP_BEFORE: CSSProperties = { marginInlineStart: space('sm') };
export const GAP_AROUND: CSSProperties = { marginInline: space('sm') };
export const GAP_AFTER_XS: CSSProperties = { marginInlineEnd: space('xs') };
export const BLOCK_BELOW: CSSProperties = { display: 'block', marginBlockStart: space('xs') };
export const GAP_ABOVE_MD: CSSProperties = { marginBlockStart: space('md') };
export const PAD_MD: CSSProperties = { padding: space('md') };
