export { ResponderDelivery, type ResponderDeliveryOptions } from './delivery.js';
export { responderWriteRules } from './rules.js';
