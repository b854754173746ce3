import { mysqlUrl } from './mysql.js';

describe('mysqlUrl', () => {
  it('takes mysql:// URLs and reads Go DSNs as canary-checker users write them', () => {
    expect(mysqlUrl('mysql://root@db:3306/app')).toBe('mysql://root@db:3306/app');
    expect(mysqlUrl('mariadb://root@db/app')).toBe('mysql://root@db/app');
    expect(mysqlUrl('app:p@ss@tcp(db.local:3307)/shop?parseTime=true')).toBe(
      'mysql://app:p%40ss@db.local:3307/shop?parseTime=true',
    );
    expect(mysqlUrl('root@tcp(127.0.0.1:3306)/')).toBe('mysql://root@127.0.0.1:3306/');
  });

  it('refuses other databases and unreadable strings', () => {
    expect(() => mysqlUrl('postgres://db/app')).toThrow("'postgres' URLs are not MySQL URLs");
    expect(() => mysqlUrl('not a dsn')).toThrow('is neither mysql://host:3306/db nor');
  });
});
