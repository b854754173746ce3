export { TabLinks, type TabLink, type TabLinksProps } from './TabLinks.js';
