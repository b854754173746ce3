import { renderMessage, TemplateFailure } from './template.js';

const env = {
  name: 'checkout-api',
  check: { name: 'checkout-api', status: 'unhealthy' },
  canary: { name: 'shop', namespace: 'payments' },
  check_status: { error: 'connection refused' },
  agent: { name: 'local' },
  permalink: 'https://ops.example.com/console/health?checkId=1',
};
const rule = { title: null, template: null, properties: { channel: 'ops', ignored: 3 } };

describe('a rule message', () => {
  it("defaults per event: the resource, its status, the reason and the console's permalink", () => {
    const message = renderMessage(rule, 'check.failed', env);
    expect(message.title).toBe('Check checkout-api has failed');
    expect(message.body).toBe(
      [
        'Check: checkout-api',
        'Canary: shop',
        'Namespace: payments',
        'Status: unhealthy',
        'Reason: connection refused',
        '',
        '[Reference](https://ops.example.com/console/health?checkId=1)',
      ].join('\n'),
    );
    expect(message.properties).toEqual({ channel: 'ops' });
  });

  it("names the resource in the body, also under a title of the rule's own", () => {
    const message = renderMessage({ ...rule, title: 'Payments alerts' }, 'check.failed', env);
    expect(message.title).toBe('Payments alerts');
    expect(message.body.split('\n')[0]).toBe('Check: checkout-api');
  });

  it("renders the rule's own title and template over the context", () => {
    const message = renderMessage(
      {
        ...rule,
        title: '{{.check.name}} down',
        template: '**{{.canary.namespace}}**: {{.check_status.error}}',
      },
      'check.failed',
      env,
    );
    expect(message).toMatchObject({ title: 'checkout-api down', body: '**payments**: connection refused' });
  });

  it('fails naming the part that cannot be rendered', () => {
    expect(() => renderMessage({ ...rule, template: '{{ .check.name ' }, 'check.failed', env)).toThrow(
      TemplateFailure,
    );
    expect(() => renderMessage({ ...rule, template: '{{ .check.name ' }, 'check.failed', env)).toThrow(
      /^template cannot be rendered: /,
    );
  });
});
