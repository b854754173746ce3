import { parseCss, printCss, pruneCss, selectorCanMatch, splitCss, usedNames } from '../../hack/css-prune.js';

// The build's CSS pruning (hack/css-prune.ts): PatternFly rules and custom properties no script
// can use go; everything a page could show stays.
describe('pruning PatternFly CSS by what the scripts use', () => {
  const used = usedNames(
    [
      'const s={button:"pf-v6-c-button",modifiers:{primary:"pf-m-primary"}};',
      'const size=`pf-m-text-${e}`;const bp="pf-m-breakpoint-"+w;',
      'el.style.setProperty("--pf-v6-c-label__text--MaxWidth","10ch");',
      // PatternFly's class maps list every theme; the application applies only its own.
      'const page={themeDark:"pf-v6-theme-dark",themeGlass:"pf-v6-theme-glass"};',
    ],
    ["export const DARK_THEME_CLASS = 'pf-v6-theme-dark';"],
  );

  it('reads words, the prefixes of classes built at run time from templates and concatenations, and our themes', () => {
    expect(used.words).toContain('pf-v6-c-button');
    expect(used.words).toContain('--pf-v6-c-label__text--MaxWidth');
    expect([...used.themes]).toEqual(['pf-v6-theme-dark']);
    expect(used.prefixes.sort()).toEqual(['pf-m-breakpoint-', 'pf-m-text-']);
  });

  it.each([
    ['.pf-v6-c-button.pf-m-primary', true],
    ['.pf-v6-c-button.pf-m-secondary', false],
    ['.pf-v6-c-card', false],
    ['.pf-v6-c-button:not(.pf-m-unused)', true],
    [':is(.pf-m-unused,.pf-v6-c-button) > span', true],
    [':where(.pf-v6-theme-glass) .pf-v6-c-button', false],
    [':where(.pf-v6-theme-dark) .pf-v6-c-button', true],
    ['.pf-m-text-lg', true],
    ['.pf-m-breakpoint-xl .pf-v6-c-button', true],
    ['.ops-check-card--danger', true],
    ['[class*="pf-m-unused"] a', true],
    ['html', true],
  ])('judges "%s" as able to match: %s', (selector, expected) => {
    expect(selectorCanMatch(selector, used)).toBe(expected);
  });

  it('drops unmatchable rules and selectors, and groups left empty, keeping our own rules whole', () => {
    const css =
      '.pf-v6-c-button,.pf-v6-c-card{color:red}.pf-v6-c-card{color:blue}' +
      '@media(min-width:48rem){.pf-v6-c-card.pf-m-primary{color:green}}' +
      '@media(min-width:62rem){.pf-v6-c-button{color:green}}' +
      '.ops-check-card--x{color:pink}.pf-v6-c-button:before{content:"{;}"}';
    expect(pruneCss(css, used)).toBe(
      '.pf-v6-c-button{color:red}@media(min-width:62rem){.pf-v6-c-button{color:green}}' +
        '.ops-check-card--x{color:pink}.pf-v6-c-button:before{content:"{;}"}',
    );
  });

  it('drops the PatternFly custom properties nothing reads, following var() from property to property', () => {
    const css =
      ':root{--pf-t--color: red;--pf-t--unused: blue;--pf-t--size: 1rem;--ops-own: 2px}' +
      '.pf-v6-c-button{--pf-v6-c-button--Color: var(--pf-t--color);--pf-v6-c-button--Gap: var(--pf-t--size);color:var(--pf-v6-c-button--Color)}' +
      '.pf-v6-c-card{--pf-v6-c-card--Color: var(--pf-t--unused);color:var(--pf-v6-c-card--Color)}' +
      '.pf-v6-c-button{--pf-v6-c-label__text--MaxWidth: 5ch}' +
      '@keyframes pf-v6-spin{to{width:var(--pf-t--size)}}';
    expect(pruneCss(css, used)).toBe(
      ':root{--pf-t--color: red;--pf-t--size: 1rem;--ops-own: 2px}' +
        '.pf-v6-c-button{--pf-v6-c-button--Color: var(--pf-t--color);color:var(--pf-v6-c-button--Color)}' +
        '.pf-v6-c-button{--pf-v6-c-label__text--MaxWidth: 5ch}' +
        '@keyframes pf-v6-spin{to{width:var(--pf-t--size)}}',
    );
  });

  it('keeps @-rules that hold no rules, and statements, as they are', () => {
    const css =
      '@charset "utf-8";@font-face{font-family:Red Hat Text;src:url("./files/a.woff2")}' +
      '@property --pf-v6-x{syntax:"<length>";inherits:false;initial-value:0}';
    expect(pruneCss(css, used)).toBe(css);
  });
});

// The split of the pruned stylesheet: what the first load's pages use, render-blocking, and the
// rest, applied after it before any other page renders.
describe('splitting the pruned CSS into the first load and the rest', () => {
  const used = usedNames(
    ['const c={card:"pf-v6-c-card",wizard:"pf-v6-c-wizard",compact:"pf-m-compact"};'],
    [],
  );
  const firstUsed = usedNames(['const c={card:"pf-v6-c-card"};'], []);
  const health = '.ops-health{color:red}';
  const playbooks = '.ops-run__body{color:blue}';
  const css =
    ':root{--pf-t--card: 1px;--pf-t--wizard: 2px;--ops-own: 3px}' +
    '.pf-v6-c-card,.pf-v6-c-wizard{color:red}' +
    '.pf-v6-c-card{--pf-v6-c-card--Gap: var(--pf-t--card);gap:var(--pf-v6-c-card--Gap)}' +
    '.pf-v6-c-card.pf-m-compact{gap:0}' +
    '@media(min-width:48rem){.pf-v6-c-wizard{width:var(--pf-t--wizard)}.pf-v6-c-card{width:1px}}' +
    health +
    playbooks +
    '@font-face{font-family:Red Hat Text;src:url("./files/a.woff2")}';
  /** The playbooks stylesheet is imported by no module of the first load; the others are. */
  const fromFirstLoad = (offset: number) =>
    offset < css.indexOf(playbooks) || offset >= css.indexOf(playbooks) + playbooks.length;
  const { first, rest } = splitCss(css, used, { used: firstUsed, fromFirstLoad });

  it("keeps in the first part the rules of the first load's stylesheets that its classes can match", () => {
    expect(first).toBe(
      ':root{--pf-t--card: 1px;--ops-own: 3px}' +
        '.pf-v6-c-card{color:red}' +
        '.pf-v6-c-card{--pf-v6-c-card--Gap: var(--pf-t--card);gap:var(--pf-v6-c-card--Gap)}' +
        '@media(min-width:48rem){.pf-v6-c-card{width:1px}}' +
        health +
        '@font-face{font-family:Red Hat Text;src:url("./files/a.woff2")}',
    );
  });

  it('puts every other kept rule, selector and custom property in the rest, in their order', () => {
    expect(rest).toBe(
      ':root{--pf-t--wizard: 2px}' +
        '.pf-v6-c-wizard{color:red}' +
        '.pf-v6-c-card.pf-m-compact{gap:0}' +
        '@media(min-width:48rem){.pf-v6-c-wizard{width:var(--pf-t--wizard)}}' +
        playbooks,
    );
  });

  it('loses nothing the pruning keeps, and holds each declaration of a selector once', () => {
    /** Each (group, selector, declaration) of a stylesheet, and each @-rule kept whole. */
    const pairs = (text: string, group = ''): string[] =>
      parseCss(text).flatMap((rule) => {
        if (rule.kind === 'opaque') return [`${group}${rule.text}`];
        if (rule.kind === 'group') return pairs(printCss(rule.rules), `${group}${rule.prelude} `);
        return rule.selectors.flatMap((selector) =>
          rule.declarations.map((declaration) => `${group}${selector}{${declaration}}`),
        );
      });
    expect([...pairs(first), ...pairs(rest)].sort()).toEqual(pairs(pruneCss(css, used)).sort());
  });
});
