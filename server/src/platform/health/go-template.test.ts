import { durationFromMs } from './go-values.js';
import { renderGoTemplate, TemplateError } from './go-template.js';

const data = {
  code: 200n,
  json: { rates: { EUR: 0.9, GBP: 0.79 }, items: ['a', 'b'], empty: [], status: 'ok' },
  headers: { 'Content-Type': 'application/json' },
  elapsed: durationFromMs(1.5),
  sslAge: durationFromMs(90 * 60_000),
  results: { stdout: 'hello', exitCode: 0n },
  nothing: null,
};

const render = (source: string) => renderGoTemplate(source, data);

describe('renderGoTemplate', () => {
  it.each([
    ['$1 = €{{.json.rates.EUR}}, £{{ .json.rates.GBP }}', '$1 = €0.9, £0.79'],
    ['code={{.code}}, age={{.sslAge}}, took {{ .elapsed }}', 'code=200, age=1h30m0s, took 1.5ms'],
    ['{{ .results.stdout | strings.ToUpper }}', 'HELLO'],
    ['{{ index .headers "Content-Type" }}', 'application/json'],
    ['{{ if eq .code 200 }}up{{ else if eq .code 500 }}down{{ else }}odd{{ end }}', 'up'],
    ['{{ if gt .code 300 }}up{{ else }}down{{ end }}', 'down'],
    ['{{ range $i, $v := .json.items }}{{ $i }}={{ $v }};{{ end }}', '0=a;1=b;'],
    ['{{ range .json.empty }}x{{ else }}none{{ end }}', 'none'],
    ['{{ range $k, $v := .json.rates }}{{ $k }}:{{ $v }} {{ end }}', 'EUR:0.9 GBP:0.79 '],
    ['{{ with .json }}{{ .status }}{{ end }}', 'ok'],
    ['{{ $s := .json.status }}[{{ $s }}]', '[ok]'],
    ['a  {{- " b " -}}  c', 'a b c'],
    ['{{/* a comment */}}x', 'x'],
    ['{{ len .json.items }} {{ printf "%s=%d" "n" 3 }}', '2 n=3'],
    ['{{ .json.missing }}|{{ .nothing }}', '<no value>|<nil>'],
    ['{{ .json.items }} {{ .json.rates }}', '[a b] map[EUR:0.9 GBP:0.79]'],
    ['{{ toJSON .json.rates }}', '{"EUR":0.9,"GBP":0.79}'],
    ['{{ (index .json.items 1) | printf "%q" }}', '"b"'],
    ['{{ and .code .json.status }} {{ or .nothing "fallback" }} {{ not .nothing }}', 'ok fallback true'],
    ['{{ default "none" .json.missing }}', 'none'],
    ['{{ $.code }}', '200'],
  ])('%s', (source, expected) => {
    expect(render(source)).toBe(expected);
  });

  it('reads $(NAME) with value functions and other delimiters', () => {
    const env = { HOST: 'example.org', PORT: '8080' };
    expect(
      renderGoTemplate('http://$(HOST):$(PORT)/', env, { delims: ['$(', ')'], valueFunctions: true }),
    ).toBe('http://example.org:8080/');
  });

  it('fails, in words, on what it cannot read or run', () => {
    expect(() => render('{{ nope .code }}')).toThrow(new TemplateError('function "nope" not defined'));
    expect(() => render('{{ if .code }}x')).toThrow(/has no \{\{end\}\}/);
    expect(() => render('{{ .json.missing.deeper }}')).toThrow(
      /nil pointer evaluating interface \{\}\.deeper/,
    );
    expect(() => render('{{ .code')).toThrow(/unclosed action/);
    expect(() => render('{{ template "x" }}')).toThrow(/not supported/);
  });
});
