import type { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteTarget } from '../rest/write-rules.js';
import {
  catalogWriteRules,
  ITEM_WRITE_REFUSAL,
  LINK_EDIT_REFUSAL,
  MANUAL_ONLY,
  SCRAPED_LINK_REFUSAL,
} from './rules.js';

const request = (relation: string, method: WriteRequest['method'], rows: Record<string, unknown>[] = []) => ({
  relation,
  method,
  rows,
});

const refusalOf = async (step: () => unknown) => {
  try {
    await step();
  } catch (error) {
    const { status, message } = error as RestError;
    return { status, message };
  }
  return undefined;
};

const target = (write: WriteRequest, existing: Record<string, unknown>[]): WriteTarget => ({
  ...write,
  tx: { query: async () => ({ rows: [], rowCount: 0 }) },
  existing: async () => existing,
});

it('refuses every write of items, changes and insights with 405', async () => {
  for (const relation of ['configs', 'config_changes', 'config_analysis'])
    for (const method of ['POST', 'PATCH', 'DELETE'] as const)
      expect(
        (await refusalOf(() => catalogWriteRules[relation]!.validate!(request(relation, method))))?.status,
      ).toBe(405);
  expect(await refusalOf(() => catalogWriteRules.configs!.validate!(request('configs', 'PATCH')))).toEqual({
    status: 405,
    message: ITEM_WRITE_REFUSAL,
  });
});

describe.each(['config_relationships', 'config_component_relationships'])('%s', (relation) => {
  const rule = catalogWriteRules[relation]!;

  it('takes manual links and refuses any other selector', async () => {
    expect(
      await refusalOf(() => rule.validate!(request(relation, 'POST', [{ selector_id: 'manual' }]))),
    ).toBe(undefined);
    for (const row of [{ selector_id: 'rule-1' }, {}])
      expect(
        await refusalOf(() => rule.validate!(request(relation, 'POST', [{ selector_id: 'manual' }, row]))),
      ).toEqual({ status: 403, message: MANUAL_ONLY });
  });

  it('never edits a link in place', async () => {
    expect(
      await refusalOf(() => rule.validate!(request(relation, 'PATCH', [{ selector_id: 'manual' }]))),
    ).toEqual({
      status: 405,
      message: LINK_EDIT_REFUSAL,
    });
  });

  it('removes manual links only', async () => {
    const remove = request(relation, 'DELETE');
    expect(await refusalOf(() => rule.guard!(target(remove, [{ selector_id: 'manual' }])))).toBe(undefined);
    expect(
      await refusalOf(() => rule.guard!(target(remove, [{ selector_id: 'manual' }, { selector_id: '' }]))),
    ).toEqual({ status: 403, message: SCRAPED_LINK_REFUSAL });
  });
});
