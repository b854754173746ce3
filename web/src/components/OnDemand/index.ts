export { OnDemandDropdown, type OnDemandDropdownProps } from './OnDemandDropdown.js';
export { OnDemandPopover, type OnDemandPopoverProps } from './OnDemandPopover.js';
export { OnDemandTooltip, type OnDemandTooltipProps } from './OnDemandTooltip.js';
