import { describe, expect, it } from 'vitest';
import { parseApiHosts, resolveApiBase } from '../src/api-hosts.ts';

describe('API host map', () => {
  const map = parseApiHosts('portal.acme.com=https://api.acme.com,*=https://api.default.com');
  it('sends localhost to the local API', () => {
    expect(resolveApiBase('localhost', map)).toBe('/api');
    expect(resolveApiBase('127.0.0.1', map)).toBe('/api');
  });
  it('sends a known deployment host to its API', () => {
    expect(resolveApiBase('portal.acme.com', map)).toBe('https://api.acme.com');
  });
  it('sends any other host to the default', () => {
    expect(resolveApiBase('elsewhere.net', map)).toBe('https://api.default.com');
  });
  it('rejects a malformed pair', () => {
    expect(() => parseApiHosts('portal.acme.com')).toThrow('host=url');
    expect(() => parseApiHosts('a=ftp://x')).toThrow('not an http(s) URL');
  });
});
