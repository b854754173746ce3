export { LOCAL_AGENT } from '../../../../common/agents.js';
