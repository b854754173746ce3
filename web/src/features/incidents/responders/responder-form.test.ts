import type { Incident } from '../types.js';
import {
  changeField,
  fixedFields,
  initialValues,
  INVALID_VALUE,
  propertiesOf,
  validate,
} from './responder-form.js';

const incident = {
  id: 'i1',
  incident_id: 'INC0000007',
  title: 'Disk full',
  severity: 'critical',
} as Incident;

describe('the add-responder form', () => {
  it('starts from the defaults, then the fixed values, placeholders filled from the incident', () => {
    const client = {
      defaults: { project: 'WEB', summary: '{{.incident.incident_id}}: {{ .incident.title }}', unknown: 'x' },
      values: { issueType: 'Bug' },
    };
    expect(initialValues('jira', client, incident)).toEqual({
      project: 'WEB',
      issueType: 'Bug',
      summary: 'INC0000007: Disk full',
      description: '',
      priority: '',
    });
  });

  it('empties the issue type when the Jira project changes, unless the configuration fixes it', () => {
    const values = { project: 'WEB', issueType: 'Bug', summary: 's' };
    expect(changeField(values, 'project', 'OPS', new Set())).toMatchObject({ project: 'OPS', issueType: '' });
    expect(
      changeField(values, 'project', 'OPS', fixedFields({ values: { issueType: 'Bug' } })),
    ).toMatchObject({
      issueType: 'Bug',
    });
    expect(changeField(values, 'summary', 'other', new Set())).toMatchObject({ issueType: 'Bug' });
  });

  it('empties the bucket when the Planner plan changes', () => {
    expect(changeField({ plan_id: 'a', bucket_id: 'b' }, 'plan_id', 'c', new Set())).toEqual({
      plan_id: 'c',
      bucket_id: '',
    });
  });

  it("requires every template field with spec 2 §5's message", () => {
    expect(validate('email', { to: 'a@b.c', subject: ' ', body: '' })).toEqual({
      subject: INVALID_VALUE,
      body: INVALID_VALUE,
    });
    expect(INVALID_VALUE).toBe('Please provide valid value');
  });

  it('posts the responder type and every field, placeholders naming other fields filled', () => {
    expect(
      propertiesOf(
        'email',
        { to: 'a@b.c', subject: 'About {{.incident.title}}', body: 'Re: {{.subject}}' },
        incident,
      ),
    ).toEqual({
      responderType: 'email',
      to: 'a@b.c',
      subject: 'About Disk full',
      body: 'Re: About Disk full',
    });
  });
});
