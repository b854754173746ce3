// jsdom for the UI's unit tests, plus the standard web APIs that Node has and jsdom 20 lacks
// (fetch, streams, encoders), taken from Node itself so tests talk to real HTTP servers.
// FormData stays jsdom's: React builds one from a <form> element on submit, which Node's refuses.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'structuredClone',
  'AbortController',
  'AbortSignal',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
