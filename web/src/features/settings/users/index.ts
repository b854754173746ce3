export { UsersPage } from './UsersPage.js';
