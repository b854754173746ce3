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

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
