import { diffLines } from './change-diff.js';

describe('diffLines', () => {
  it('numbers the lines of each hunk on the old and new side', () => {
    const lines = diffLines(
      '--- a\n+++ b\n@@ -3,3 +3,3 @@\n spec:\n-  replicas: 2\n+  replicas: 5\n   paused: false\n',
    );
    expect(lines).toEqual([
      { kind: 'hunk', text: '@@ -3,3 +3,3 @@' },
      { kind: 'context', text: 'spec:', oldNumber: 3, newNumber: 3 },
      { kind: 'removed', text: '  replicas: 2', oldNumber: 4 },
      { kind: 'added', text: '  replicas: 5', newNumber: 4 },
      { kind: 'context', text: '  paused: false', oldNumber: 5, newNumber: 5 },
    ]);
  });

  it('gives nothing for text that holds no hunk, to show it as it is', () => {
    expect(diffLines('replicas went from 2 to 5')).toBeUndefined();
  });
});
