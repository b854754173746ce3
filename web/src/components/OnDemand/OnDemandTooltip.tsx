import { useCallback, useRef, useState, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from '@patternfly/react-core';

export type OnDemandTooltipProps = Omit<TooltipProps, 'children' | 'triggerRef' | 'isVisible'> & {
  /** One element: the tooltip's trigger. */
  children: ReactElement;
};

/**
 * PatternFly's Tooltip, mounted the first time its trigger is hovered or focused (and shown at
 * once then). A mounted Tooltip's Popper forces a style recalculation on every render (see
 * OnDemandDropdown); a list with a tooltip per row paid it once per row per render.
 */
export function OnDemandTooltip({ children, ...tooltip }: OnDemandTooltipProps) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  const trigger = useCallback(() => wrapper.current?.firstElementChild as HTMLElement, []);
  return (
    // display: contents: the wrapper draws nothing and the trigger keeps its own layout; it only
    // hears the trigger's hover and focus, which bubble to it.
    <span
      ref={wrapper}
      className="ops-on-demand"
      onMouseOver={armed ? undefined : arm}
      onFocus={armed ? undefined : arm}
    >
      {children}
      {armed && <Tooltip {...tooltip} triggerRef={trigger} isVisible />}
    </span>
  );
}
