export { FeatureFlagsPage } from './FeatureFlagsPage.js';
