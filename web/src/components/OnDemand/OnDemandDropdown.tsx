import { useRef, type ReactNode, type RefObject } from 'react';
import { Dropdown, type DropdownProps } from '@patternfly/react-core';

export type OnDemandDropdownProps = Omit<DropdownProps, 'toggle'> & {
  toggle: (toggleRef: RefObject<HTMLButtonElement | null>) => ReactNode;
};

/**
 * PatternFly's Dropdown with its menu mounted only while open. A mounted Dropdown's Popper reads
 * the computed style of its toggle's parent on every render, which forces the browser to
 * recalculate the page's style whenever the DOM just changed: a screen of cards with a menu
 * each spent hundreds of milliseconds of its first render there. The toggle stays where it is
 * (the same element, so clicks on it and focus keep working); the Dropdown is handed its ref.
 */
export function OnDemandDropdown({ toggle, isOpen = false, ...dropdown }: OnDemandDropdownProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {toggle(toggleRef)}
      {isOpen && <Dropdown {...dropdown} isOpen toggle={{ toggleNode: null, toggleRef }} />}
    </>
  );
}
