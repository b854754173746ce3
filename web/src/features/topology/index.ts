// What other areas use of the topology: a component's card (incident evidence, embeds) and the
// address that zooms into a component.
export { TopologyCard, type TopologyCardProps } from './TopologyCard.js';
export { zoomInPath } from './topology-params.js';
export { CARD_WIDTHS, type CardSize } from './card-width.js';
