import { useCallback, useRef, useState, type ReactElement } from 'react';
import { Popover, type PopoverProps } from '@patternfly/react-core';
import { useFocusWhereClicked } from '../PopoverFocus/index.js';

export type OnDemandPopoverProps = Omit<PopoverProps, 'children' | 'triggerRef' | 'isVisible'> & {
  /** One element: the button that opens the popover. */
  children: ReactElement;
};

/**
 * PatternFly's Popover, mounted the first time its trigger is clicked (and opened then): a
 * mounted Popover's Popper forces a style recalculation on every render (see OnDemandDropdown).
 * Once mounted it opens and closes as PatternFly's does.
 */
export function OnDemandPopover({ children, onHidden, ...popover }: OnDemandPopoverProps) {
  const focus = useFocusWhereClicked(onHidden);
  const wrapper = useRef<HTMLSpanElement>(null);
  const [isVisible, setVisible] = useState<boolean>();
  const trigger = useCallback(() => wrapper.current?.firstElementChild as HTMLElement, []);
  return (
    <span
      ref={wrapper}
      className="ops-on-demand"
      onClick={isVisible === undefined ? () => setVisible(true) : undefined}
    >
      {children}
      {isVisible !== undefined && (
        <Popover
          {...popover}
          triggerRef={trigger}
          isVisible={isVisible}
          shouldOpen={() => setVisible(true)}
          shouldClose={() => setVisible(false)}
          onHidden={focus.onHidden}
        />
      )}
    </span>
  );
}
