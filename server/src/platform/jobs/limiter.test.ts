import { Limiter } from './limiter.js';

describe('Limiter', () => {
  it('runs at most max tasks at once, the others in order as places free up', async () => {
    const limiter = new Limiter(2);
    const releases: (() => void)[] = [];
    const order: number[] = [];
    const task = (n: number) =>
      limiter.run(
        () =>
          new Promise<number>((resolve) => {
            order.push(n);
            releases.push(() => resolve(n));
          }),
      );
    const results = [task(1), task(2), task(3), task(4)];
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    expect(limiter.pending).toBe(2);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    releases[0]!();
    await settle();
    expect(order).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    await settle();
    expect(order).toEqual([1, 2, 3, 4]);
    releases[3]!();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });
});
