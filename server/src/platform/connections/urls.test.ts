import { connectionSecrets, mysqlOptions, safeUrl } from './urls.js';

describe('mysqlOptions', () => {
  it('reads mysql:// URLs and the Go DSN', () => {
    expect(mysqlOptions('mysql://app:p%40ss@db.local:3307/shop')).toEqual({
      host: 'db.local',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'shop',
    });
    expect(mysqlOptions('root:pw@tcp(10.0.0.5:3306)/inventory?parseTime=true')).toEqual({
      host: '10.0.0.5',
      port: 3306,
      user: 'root',
      password: 'pw',
      database: 'inventory',
    });
  });
});

describe('connection URLs', () => {
  it('names a URL without its credentials', () => {
    expect(safeUrl('https://bot:s3cret@git.example.com/acme/app.git')).toBe(
      'https://git.example.com/acme/app.git',
    );
    expect(safeUrl('not a url //bot:s3cret@host/x')).toBe('not a url //host/x');
  });

  it("lists a connection's secrets: password, secret properties and the URL's password", () => {
    expect(
      connectionSecrets({
        url: 'postgres://app:url%20pw@db:5432/shop',
        password: 'pw',
        properties: { token: 't0k', region: 'eu-west-1', bearer: 'b34r' },
      }).sort(),
    ).toEqual(['b34r', 'pw', 't0k', 'url pw', 'url%20pw']);
  });
});
