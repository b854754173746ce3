export { LoginPage } from './LoginPage.js';
export { InvitePage } from './InvitePage.js';
export { NewPasswordFields, useNewPassword } from './NewPasswordFields.js';
