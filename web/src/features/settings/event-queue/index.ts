export { EventQueuePage } from './EventQueuePage.js';
