/**
 * The test server's TLS identity: a self-signed certificate for 127.0.0.1 and localhost, valid
 * 2020–2099, generated once with openssl (`openssl ca -selfsign`, EC P-256). It is a test
 * fixture, not a secret: it protects nothing but a test server on the loopback interface.
 *
 * Why TLS at all: kubectl (client-go) sends no credentials to an `http://` server, so kubeconfig
 * files point at `https://` with this certificate as the cluster's certificate authority.
 */
export const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg3XLLnzFW5iH53N4w
NtbCz2UMpIMJr7sHAp9rZcyA8iahRANCAASkAxIWh2HaFXpg1LD52AeOS/Ax/x+b
dh1F8rnqB/nvtrkgq2AqxXOzRNRT3PmBP9ouRlP+7Cveir12dmmbCuwx
-----END PRIVATE KEY-----
`;

export const TLS_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUCgAwIBAgIBATAKBggqhkjOPQQDAjAbMRkwFwYDVQQDDBBrdWJlLXRl
c3Qtc2VydmVyMCAXDTIwMDEwMTAwMDAwMFoYDzIwOTkxMjMxMjM1OTU5WjAbMRkw
FwYDVQQDDBBrdWJlLXRlc3Qtc2VydmVyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcD
QgAEpAMSFodh2hV6YNSw+dgHjkvwMf8fm3YdRfK56gf577a5IKtgKsVzs0TUU9z5
gT/aLkZT/uwr3oq9dnZpmwrsMaNzMHEwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8B
Af8EBAMCAoQwEwYDVR0lBAwwCgYIKwYBBQUHAwEwGgYDVR0RBBMwEYcEfwAAAYIJ
bG9jYWxob3N0MB0GA1UdDgQWBBSsXrdFlDdCHAEASw7lB+ak8xFrRDAKBggqhkjO
PQQDAgNIADBFAiEAxrSUgjMBDg8kxgXKExltDvQzIexiUy2ypt1Hvmwx1vwCIGuk
ZMR39I3mvlsHyJPctD2gjYp1i1+SmC6Nh2JAa57V
-----END CERTIFICATE-----
`;
