import {
  formatBytes,
  formatMillicores,
  initialValues,
  isDns1123,
  PARAM_MESSAGES,
  parameterOptions,
  parseBytes,
  parseMillicores,
  splitBytes,
  splitMillicores,
  validateParameter,
  validateParameters,
  type PlaybookParameter,
} from './playbook-params.js';

const text = (properties: PlaybookParameter['properties'], extra: Partial<PlaybookParameter> = {}) =>
  ({ name: 'p', type: 'text', properties, ...extra }) as PlaybookParameter;

describe('required', () => {
  it('asks for a value only when the parameter is required', () => {
    expect(validateParameter({ name: 'p', required: true }, '')).toBe('This field is required');
    expect(validateParameter({ name: 'p', required: true }, '   ')).toBe('This field is required');
    expect(validateParameter({ name: 'p', required: true }, undefined)).toBe('This field is required');
    expect(validateParameter({ name: 'p' }, '')).toBeUndefined();
    expect(validateParameter({ name: 'p', type: 'team', required: true }, 't1')).toBeUndefined();
  });

  it('lets an empty optional value skip every other rule', () => {
    expect(validateParameter(text({ minLength: 5, format: 'dns1123' }), '')).toBeUndefined();
  });

  it('never blocks a checkbox, which is always true or false', () => {
    expect(validateParameter({ name: 'p', type: 'checkbox', required: true }, 'false')).toBeUndefined();
    expect(validateParameter({ name: 'p', type: 'checkbox' }, 'yes')).toBe(PARAM_MESSAGES.checkbox);
  });
});

describe('text rules', () => {
  it('checks minLength and maxLength', () => {
    const param = text({ minLength: 5, maxLength: '8' });
    expect(validateParameter(param, 'abcd')).toBe('Must be at least 5 characters');
    expect(validateParameter(param, 'abcde')).toBeUndefined();
    expect(validateParameter(param, 'abcdefghi')).toBe('Must be at most 8 characters');
  });

  it('checks the regex against the whole value, and ignores a regex that does not compile', () => {
    expect(validateParameter(text({ regex: '[0-9]+' }), '12a')).toBe('Must match the pattern [0-9]+');
    expect(validateParameter(text({ regex: '[0-9]+' }), '12')).toBeUndefined();
    expect(validateParameter(text({ regex: '^[0-9]+$' }), '12')).toBeUndefined();
    expect(validateParameter(text({ regex: '([' }), 'anything')).toBeUndefined();
  });

  it('checks min and max as numbers', () => {
    const param = text({ regex: '^[0-9]+$', min: 0, max: 20 });
    expect(validateParameter(param, '3')).toBeUndefined();
    expect(validateParameter(param, '21')).toBe('Must be at most 20');
    expect(validateParameter(text({ min: '2' }), '1')).toBe('Must be at least 2');
    expect(validateParameter(text({ min: 1 }), 'many')).toBe('Must be a number');
  });

  it('checks the dns1123 format', () => {
    const param = text({ format: 'dns1123' });
    for (const good of ['db', 'db-snap-1', 'a.b-c.d9', '0abc'])
      expect(validateParameter(param, good)).toBeUndefined();
    for (const bad of ['DB', 'db_snap', '-db', 'db-', 'db..x', 'a.-b', 'with space'])
      expect(validateParameter(param, bad)).toBe(PARAM_MESSAGES.dns1123);
    expect(validateParameter(param, 'a'.repeat(254))).toBe(PARAM_MESSAGES.dns1123Length);
    expect(isDns1123('a'.repeat(253))).toBe(true);
  });

  it('checks secrets like text', () => {
    expect(validateParameter({ name: 's', type: 'secret', properties: { minLength: 8 } }, 'short')).toBe(
      'Must be at least 8 characters',
    );
  });
});

describe('bytes', () => {
  it('splits and formats a size, Mi by default', () => {
    expect(splitBytes('1.5Gi')).toEqual({ amount: '1.5', unit: 'Gi' });
    expect(splitBytes('512')).toEqual({ amount: '512', unit: 'Mi' });
    expect(splitBytes(undefined)).toEqual({ amount: '', unit: 'Mi' });
    expect(formatBytes('512')).toBe('512Mi');
    expect(formatBytes('2', 'Ti')).toBe('2Ti');
    expect(formatBytes('  ', 'Gi')).toBe('');
    for (const value of ['512Mi', '2Gi', '1Ti', '0.5Gi']) {
      const { amount, unit } = splitBytes(value);
      expect(formatBytes(amount, unit)).toBe(value);
    }
  });

  it('reads sizes in bytes', () => {
    expect(parseBytes('1Gi')).toBe(1024 ** 3);
    expect(parseBytes('512Mi')).toBe(512 * 1024 ** 2);
    expect(parseBytes(256)).toBe(256 * 1024 ** 2);
    expect(parseBytes('lots')).toBeUndefined();
  });

  it('checks the value has a unit and stays in its bounds, by type or by format', () => {
    const byType: PlaybookParameter = { name: 'm', type: 'bytes', properties: { min: '256Mi', max: '2Gi' } };
    const byFormat = text({ format: 'bytes', min: 256, max: '2Gi' });
    for (const param of [byType, byFormat]) {
      expect(validateParameter(param, '512Mi')).toBeUndefined();
      expect(validateParameter(param, '1Gi')).toBeUndefined();
      expect(validateParameter(param, '3Gi')).toBe('Must be at most 2Gi');
      expect(validateParameter(param, '512')).toBe(PARAM_MESSAGES.bytes);
      expect(validateParameter(param, 'xMi')).toBe(PARAM_MESSAGES.bytes);
    }
    expect(validateParameter(byType, '128Mi')).toBe('Must be at least 256Mi');
    expect(validateParameter(byFormat, '128Mi')).toBe('Must be at least 256Mi');
  });
});

describe('millicores', () => {
  it('splits, formats and reads an amount', () => {
    expect(splitMillicores('500m')).toBe('500');
    expect(formatMillicores('250')).toBe('250m');
    expect(formatMillicores('')).toBe('');
    expect(formatMillicores(splitMillicores('1500m'))).toBe('1500m');
    expect(parseMillicores('500m')).toBe(500);
    expect(parseMillicores('2')).toBe(2000);
    expect(parseMillicores(100)).toBe(100);
  });

  it('checks the suffix and the bounds', () => {
    const param = text({ format: 'millicores', min: 100, max: '2' });
    expect(validateParameter(param, '500m')).toBeUndefined();
    expect(validateParameter(param, '500')).toBe(PARAM_MESSAGES.millicores);
    expect(validateParameter(param, '50m')).toBe('Must be at least 100m');
    expect(validateParameter(param, '2500m')).toBe('Must be at most 2');
  });
});

describe('other kinds', () => {
  it('keeps a list to its options', () => {
    const param: PlaybookParameter = {
      name: 'db',
      type: 'list',
      properties: { options: [{ label: 'App', value: 'app' }, 'analytics'] },
    };
    expect(parameterOptions(param)).toEqual([
      { label: 'App', value: 'app' },
      { label: 'analytics', value: 'analytics' },
    ]);
    expect(validateParameter(param, 'analytics')).toBeUndefined();
    expect(validateParameter(param, 'other')).toBe(PARAM_MESSAGES.option);
  });

  it('checks durations', () => {
    const param: PlaybookParameter = { name: 'd', type: 'duration' };
    for (const good of ['15s', '2m', '1h30m', '250ms'])
      expect(validateParameter(param, good)).toBeUndefined();
    expect(validateParameter(param, '5 minutes')).toBe(PARAM_MESSAGES.duration);
  });
});

describe('validateParameters and initialValues', () => {
  const params: PlaybookParameter[] = [
    { name: 'reason', type: 'text', required: true, properties: { minLength: 5 } },
    { name: 'wait', type: 'checkbox', default: 'TRUE' },
    { name: 'snapshot', type: 'text', properties: { format: 'dns1123' }, default: 'Snap' },
    { name: 'replicas', default: 3 },
  ];

  it('starts from the defaults, a checkbox as true or false', () => {
    expect(initialValues(params)).toEqual({ reason: '', wait: 'true', snapshot: 'Snap', replicas: '3' });
  });

  it('names each problem by parameter', () => {
    expect(validateParameters(params, initialValues(params))).toEqual({
      reason: 'This field is required',
      snapshot: PARAM_MESSAGES.dns1123,
    });
    expect(validateParameters(params, { reason: 'rolling', wait: 'false', snapshot: 'snap' })).toEqual({});
  });
});
