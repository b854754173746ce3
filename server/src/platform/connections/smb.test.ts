import { smbAddressOf, smbFailureOf } from './smb.js';

describe('smbAddressOf', () => {
  it('reads a host, host:port, \\\\host or smb:// address, the port field being the default', () => {
    expect(smbAddressOf('files.example', undefined)).toEqual({ host: 'files.example', port: 445 });
    expect(smbAddressOf('files.example', '4455')).toEqual({ host: 'files.example', port: 4455 });
    expect(smbAddressOf('\\\\files.example\\share', undefined)).toEqual({ host: 'files.example', port: 445 });
    expect(smbAddressOf('smb://files.example:1445', '4455')).toEqual({ host: 'files.example', port: 1445 });
  });
});

describe('smbFailureOf', () => {
  it("names the cause of smbclient's NT status in words", () => {
    expect(smbFailureOf('session setup failed: NT_STATUS_LOGON_FAILURE')).toBe(
      'the credentials were refused',
    );
    expect(smbFailureOf('tree connect failed: NT_STATUS_BAD_NETWORK_NAME')).toBe(
      'the server has no such share',
    );
    expect(smbFailureOf('NT_STATUS_SOMETHING_NEW')).toBe('NT_STATUS_SOMETHING_NEW');
    expect(smbFailureOf('\nsome other failure\n')).toBe('some other failure');
  });
});
