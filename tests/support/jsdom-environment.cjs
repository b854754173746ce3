// jsdom for the UI's unit tests, plus the standard web APIs that Node has and jsdom 20 lacks
// (fetch, streams, encoders), taken from Node itself so tests talk to real HTTP servers.
// FormData stays jsdom's: React builds one from a <form> element on submit, which Node's refuses.
const path = require('node:path');

// jsdom answers every getComputedStyle() by matching the element (and, for an inherited property,
// each of its ancestors) against every rule of its 120-rule user-agent stylesheet and of every
// <style> in the document. Focus traps, role queries and pointer checks ask it for each node they
// look at, and that matching was more than half of a page test's time. What tests can observe of
// those rules is which elements are not displayed: jsdom lays nothing out, the console's own CSS
// files are empty modules here (jest.config.js), and the only <style> left is the one CodeMirror
// injects for its theme. So computed styles here come from the user agent's display: none rules,
// matched as one selector list, and the element's inline style, as jsdom already reads it.
const jsdomDir = path.dirname(require.resolve('jsdom/package.json'));
const styleRules = require(path.join(jsdomDir, 'lib/jsdom/living/helpers/style-rules.js'));
const { matchesDontThrow } = require(path.join(jsdomDir, 'lib/jsdom/living/helpers/selectors.js'));
const cssom = require(require.resolve('cssom', { paths: [jsdomDir] }));
const UA_HIDDEN = [
  'head',
  'meta',
  'title',
  'link',
  'style',
  'script',
  'input[type="hidden"]',
  'datalist',
  'param',
  'ruby > rp',
  'noframes',
  'template',
  'dialog:not([open])',
  '[hidden]',
];
const hiddenRule = cssom.parse(`${UA_HIDDEN.join(', ')} { display: none; }`).cssRules[0];
// Before jsdom's Window.js loads: it takes the function from the module when it loads.
styleRules.forEachMatchingSheetRuleOfElement = (element, handleRule) => {
  if (matchesDontThrow(element, hiddenRule.selectorText)) handleRule(hiddenRule);
};

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

/**
 * Node's fetch, with the requests still open when the file's tests are done aborted at teardown.
 * Node's fetch lives outside jsdom: a request a page left open (a revalidation, a server that a
 * file's afterAll closed under it) would otherwise settle after jsdom is gone, and SWR's handler
 * would read the document that no longer exists and crash the worker, which jest then restarts.
 * Aborted while jsdom is still there, the handlers run against a live, unmounted page.
 */
function trackedFetch(inFlight) {
  return (input, init = {}) => {
    const controller = new AbortController();
    const own = init.signal ?? (input instanceof globalThis.Request ? input.signal : undefined);
    const signal = own ? AbortSignal.any([own, controller.signal]) : controller.signal;
    const pending = globalThis.fetch(input, { ...init, signal });
    inFlight.add(controller);
    const settled = () => inFlight.delete(controller);
    pending.then(settled, settled);
    return pending;
  };
}

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    this.inFlight = new Set();
    this.global.fetch = trackedFetch(this.inFlight);
  }

  async teardown() {
    if (this.inFlight.size > 0) {
      for (const controller of this.inFlight) controller.abort();
      // The rejections' handlers run now, on a later turn of the event loop than the abort.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await super.teardown();
  }
}

module.exports = JsdomWithFetchEnvironment;
