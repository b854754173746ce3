import { sftpAddressOf } from './sftp.js';

describe('sftpAddressOf', () => {
  it('reads a host, host:port or sftp:// address, the port field being the default', () => {
    expect(sftpAddressOf('files.example', undefined)).toEqual({ host: 'files.example', port: 22 });
    expect(sftpAddressOf('files.example', '2222')).toEqual({ host: 'files.example', port: 2222 });
    expect(sftpAddressOf('files.example:2200', '2222')).toEqual({ host: 'files.example', port: 2200 });
    expect(sftpAddressOf('sftp://[::1]:2201', undefined)).toEqual({ host: '::1', port: 2201 });
  });
});
