import { snapshotFileName, snapshotPath, zoomInPath } from './component-actions.js';

describe('zoomInPath', () => {
  it("keeps the page's query and names the parent it was reached from", () => {
    expect(zoomInPath('child', '?status=unhealthy&sortBy=name', 'parent')).toBe(
      '/topology/child?status=unhealthy&sortBy=name&refererId=parent',
    );
  });

  it('names no referer from the roots, and drops an old one', () => {
    expect(zoomInPath('child', '?refererId=old&team=payments')).toBe('/topology/child?team=payments');
    expect(zoomInPath('child', '')).toBe('/topology/child');
  });
});

describe('snapshot', () => {
  it('asks for the range and the related components', () => {
    expect(snapshotPath('c1', '15m', false)).toBe('api/snapshot/topology/c1?start=15m&related=false');
  });

  it('names the zip after the component, safe for a file system', () => {
    expect(snapshotFileName({ name: 'orders-api' })).toBe('orders-api-snapshot.zip');
    expect(snapshotFileName({ name: 'shop/orders api' })).toBe('shop-orders-api-snapshot.zip');
  });
});
