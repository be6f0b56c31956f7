import { describe, expect, it } from 'vitest';
import { dmarcResult, parseAuthenticationResults } from './sender-check.ts';

describe("the mail server's Authentication-Results", () => {
  it('reads who wrote it and each result, past comments (with semicolons) and quoted strings', () => {
    const header =
      'MX.Acme.Test 1; spf=pass (sender IP is 1.2.3.4; a comment) smtp.mailfrom=company.in;\r\n' +
      '\tdkim=pass header.d=company.in header.s="s1;x"; dmarc/1 = FAIL (p=reject; dis=none) header.from=company.in';
    expect(parseAuthenticationResults(header)).toEqual({
      authservId: 'mx.acme.test',
      results: [
        { method: 'spf', result: 'pass' },
        { method: 'dkim', result: 'pass' },
        { method: 'dmarc', result: 'fail' },
      ],
    });
    expect(parseAuthenticationResults('(comment first) mx.acme.test; none').results).toEqual([]);
  });

  it("trusts only the configured server's, the topmost with a DMARC result; none configured: no verdict", () => {
    const headers = [
      'mx.acme.test; spf=pass smtp.mailfrom=company.in',
      'mx.acme.test; dmarc=fail header.from=company.in',
      'mx.acme.test; dmarc=pass header.from=company.in',
    ];
    expect(dmarcResult(headers, 'MX.acme.test')).toBe('fail');
    expect(dmarcResult(headers, undefined)).toBeNull();
    expect(dmarcResult(headers, 'mx.other.example')).toBeNull();
    expect(dmarcResult(['mx.acme.test.evil.example; dmarc=fail'], 'mx.acme.test')).toBeNull();
    expect(dmarcResult(['mx.acme.test; dmarc=bestguesspass'], 'mx.acme.test')).toBeNull();
  });
});
