export { TeamPage } from './TeamPage.js';
export { TeamsPage } from './TeamsPage.js';
