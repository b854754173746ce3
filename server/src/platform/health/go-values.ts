/** Moved to server/src/lib (shared with the playbook runner); kept here for the health area's imports. */
export * from '../../lib/go-values.js';
