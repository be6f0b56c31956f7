import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { quoteFieldMessages as m } from '../../common/quote-request.ts';
import { FAKE_STYLESHEET } from '../test/temp-dir.ts';
import { testApp } from '../test/test-app.ts';
import {
  fetchHeaders,
  multipart,
  navigationHeaders,
  urlEncoded,
  validQuote,
  type Fields,
} from '../test/form-request.ts';
import { sqliteOf } from '../test/sqlite-of.ts';
import { sameOnEveryDatabase, sqliteOnly } from '../test/database-kind.ts';
import { storedText } from '../test/stored-text.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { LeadTables } from './quote-tables.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function post(
  app: App,
  fields: Fields,
  headers: Record<string, string> = fetchHeaders,
  url = '/api/quote',
) {
  const body = await multipart(fields);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

function leads(app: App) {
  return tablesOf<LeadTables>(app.storage.db)
    .selectFrom('quote_requests')
    .selectAll()
    .orderBy('id')
    .execute();
}

function outbox(app: App) {
  return tablesOf<OutboxTables>(app.storage.db).selectFrom('outbox').selectAll().orderBy('id').execute();
}

describe('POST /api/quote', () => {
  it('stores a multipart request with its email in the outbox, then answers "success"', async () => {
    const { app } = await testApp();
    const response = await post(
      app,
      { ...validQuote, ignored: 'extra field' },
      { ...fetchHeaders, referer: 'http://localhost/' },
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(QUOTE_SUCCESS_REPLY);
    const [lead, ...others] = await leads(app);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({ ...validQuote, status: 'new', spam: 0, source_page: '/' });
    expect(Date.now() - Date.parse(lead!.created_at)).toBeLessThan(60_000);
    const rows = await outbox(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      owner_type: 'lead',
      owner_id: lead!.id,
      kind: 'notification',
      status: 'pending',
    });
    // Random: a Message-ID never reveals how many leads the company gets.
    expect(rows[0]!.message_id).toMatch(/^<quote\.[0-9a-f]{32}@acme\.test>$/);
  });

  it('accepts a URL-encoded body, trims the values and keeps the line breaks of the message', async () => {
    const { app } = await testApp();
    const body = urlEncoded({
      ...validQuote,
      name: '  Ravi  ',
      email: ' ravi@shop.in ',
      phone: '',
      message: ' Line one\r\nLine two ',
    });
    const response = await app.inject({ method: 'POST', url: '/api/quote', ...body });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    const [lead] = await leads(app);
    expect(lead).toMatchObject({
      name: 'Ravi',
      email: 'ravi@shop.in',
      phone: '',
      message: 'Line one\nLine two',
    });
  });

  it("answers /sendMail.php, the specification's original address, exactly like /api/quote", async () => {
    const { app } = await testApp();
    const ok = await post(app, validQuote, fetchHeaders, '/sendMail.php');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('success');
    expect(await leads(app)).toHaveLength(1);

    const bad = await post(app, { ...validQuote, email: 'nope' }, fetchHeaders, '/sendMail.php');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(`email: ${m.emailInvalid}`);
  });

  it('sends a native form post (JavaScript off) to the thank-you page with 303', async () => {
    const { app } = await testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      ...urlEncoded(validQuote),
      headers: { ...navigationHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/thank-you');
    expect(await leads(app)).toHaveLength(1);
  });

  it('treats a browser without Fetch Metadata that prefers HTML as a native post', async () => {
    const { app } = await testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      ...urlEncoded(validQuote),
      headers: { accept: 'text/html,*/*;q=0.8', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(303);
  });
});

/** The bidirectional controls a name may not hold. */
const BIDI_CONTROLS = [
  ...Array.from({ length: 5 }, (_, index) => String.fromCodePoint(0x202a + index)),
  ...Array.from({ length: 4 }, (_, index) => String.fromCodePoint(0x2066 + index)),
];
const codePoint = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

sameOnEveryDatabase('400: the fields that are wrong are named', () => {
  it('names every missing required field in plain text and stores nothing', async () => {
    const { app } = await testApp();
    const response = await post(app, { phone: '12345' });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain(`name: ${m.nameRequired}`);
    expect(response.body).toContain(`email: ${m.emailRequired}`);
    expect(response.body).toContain(`message: ${m.messageRequired}`);
    expect(response.body).not.toContain('phone:');
    expect(response.body).not.toBe(QUOTE_SUCCESS_REPLY);
    expect(await leads(app)).toEqual([]);
  });

  const cases: [string, Fields, string | null][] = [
    ['a name of 100 characters', { name: 'a'.repeat(100) }, null],
    ['a name of 101 characters', { name: 'a'.repeat(101) }, `name: ${m.nameTooLong}`],
    ['a name that is only spaces', { name: '   ' }, `name: ${m.nameRequired}`],
    ['a name with a line break', { name: 'Evil\r\nBcc: x@y.z' }, `name: ${m.controlCharacters}`],
    ['a name with a tab', { name: 'Tab\there' }, `name: ${m.controlCharacters}`],
    // Every embedding, override and isolate (U+202A–U+202E, U+2066–U+2069), and a neighbour that is none.
    ...BIDI_CONTROLS.map((control): [string, Fields, string] => [
      `a name with ${codePoint(control)}`,
      { name: `Priya ${control}gnp.exe` },
      `name: ${m.nameDirection}`,
    ]),
    ['a name with U+202F (a narrow no-break space)', { name: 'Priya\u202fSharma' }, null],
    [
      'a name of zero-width and format characters only',
      { name: '\u200b\u2060\ufeff\u200d' },
      `name: ${m.nameRequired}`,
    ],
    ['a message of zero-width spaces only', { message: '\u200b \u200b' }, `message: ${m.messageRequired}`],
    ...BIDI_CONTROLS.map((control): [string, Fields, string] => [
      `a message with ${codePoint(control)}`,
      { message: `Please call me ${control}gnp.exe` },
      `message: ${m.messageDirection}`,
    ]),
    [
      'a phone with U+202A (as a phone app copies it)',
      { phone: '\u202a+91 98000 00000\u202c' },
      `phone: ${m.phoneDirection}`,
    ],
    ['an email with U+2066', { email: 'priya\u2066@company.in' }, `email: ${m.emailHidden}`],
    ['an email with a zero-width space', { email: 'priya\u200b@company.in' }, `email: ${m.emailHidden}`],
    [
      'an email of 254 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in` },
      null,
    ],
    [
      'an email of 255 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.in` },
      `email: ${m.emailTooLong}`,
    ],
    ['an email without a domain', { email: 'priya@' }, `email: ${m.emailInvalid}`],
    ['an email with a line break', { email: 'priya@company.in\r\nBcc: x@y.z' }, `email: ${m.emailInvalid}`],
    ['a phone of 30 characters', { phone: '+91 (98) 000-00.000 0000 00000' }, null],
    ['a phone of 31 characters', { phone: '1'.repeat(31) }, `phone: ${m.phoneTooLong}`],
    ['a phone with letters', { phone: 'call me' }, `phone: ${m.phoneInvalid}`],
    ['a message of 5,000 characters', { message: 'x'.repeat(5000) }, null],
    [
      'a message of 5,000 characters with CRLF line breaks',
      { message: `${'x'.repeat(2499)}\r\n${'y'.repeat(2500)}` },
      null,
    ],
    ['a message of 5,001 characters', { message: 'x'.repeat(5001) }, `message: ${m.messageTooLong}`],
    ['a message with a NUL character', { message: 'Hello\u0000there' }, `message: ${m.controlCharacters}`],
    ['a message with a bell character', { message: 'Hello\u0007' }, `message: ${m.controlCharacters}`],
  ];

  it.each(cases)('%s', async (_label, change, expected) => {
    // Those taken are stored on both databases too: 'values at their limits, stored'.
    const { app } = await testApp();
    const response = await post(app, { ...validQuote, ...change });
    if (expected === null) {
      expect(response.body).toBe('success');
      expect(response.statusCode).toBe(200);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(expected);
      expect(await leads(app)).toEqual([]);
    }
  });

  it('shows a native post a page listing the errors with the form filled in, escaped', async () => {
    const { app } = await testApp();
    const typed = {
      ...validQuote,
      name: '<b>Priya</b> "P"',
      email: 'not-an-email',
      phone: '',
      message: '</textarea><script>alert(1)</script>',
    };
    const response = await app.inject({
      method: 'POST',
      url: '/sendMail.php',
      ...urlEncoded(typed),
      headers: { ...navigationHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain(m.emailInvalid);
    expect(html).toContain('action="/sendMail.php"');
    expect(html).toContain('value="&lt;b&gt;Priya&lt;/b&gt; &quot;P&quot;"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style=');
    expect(html).toContain('<a href="/"');
    expect(html).toContain(`<link rel="stylesheet" href="${FAKE_STYLESHEET}"/>`);
  });
});

describe('values at their limits, stored', () => {
  // What is sent, and what is stored when it differs (line breaks kept as \n).
  const atLimits: [string, Fields, Fields?][] = [
    ['a name of 100 characters', { name: 'a'.repeat(100) }],
    ['a name with U+202F (a narrow no-break space)', { name: 'Priya\u202fSharma' }],
    [
      'an email of 254 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in` },
    ],
    ['a phone of 30 characters', { phone: '+91 (98) 000-00.000 0000 00000' }],
    ['a message of 5,000 characters', { message: 'x'.repeat(5000) }],
    [
      'a message of 5,000 characters with CRLF line breaks',
      { message: `${'x'.repeat(2499)}\r\n${'y'.repeat(2500)}` },
      { message: `${'x'.repeat(2499)}\n${'y'.repeat(2500)}` },
    ],
  ];

  it.each(atLimits)('%s', async (_label, change, stored = change) => {
    const { app } = await testApp();
    const response = await post(app, { ...validQuote, ...change });
    expect(response.body).toBe('success');
    const [lead] = await leads(app);
    expect(lead).toMatchObject(stored);
  });
});

describe('hidden characters and Unicode forms', () => {
  it('shows a native post the message about a direction control, with the form filled in', async () => {
    const { app } = await testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      ...urlEncoded({ ...validQuote, name: '\u200b', message: 'Please call me \u202egnp.exe\u202c' }),
      headers: { ...navigationHeaders, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(m.nameRequired);
    expect(response.body).toContain(m.messageDirection);
    expect(response.body).toContain('Please call me \u202egnp.exe\u202c</textarea>');
    expect(await leads(app)).toEqual([]);
  });

  it('stores a name and message in NFC, however the nukta was typed', async () => {
    const { app } = await testApp();
    await post(app, { ...validQuote, name: '\u095Bोया', message: 'ਮੈਂ \u0A5Bਰੂਰ ਆਵਾਂਗਾ' });
    const [lead] = await leads(app);
    expect(lead).toMatchObject({ name: '\u091C\u093Cोया', message: 'ਮੈਂ \u0A1C\u0A3Cਰੂਰ ਆਵਾਂਗਾ' });
  });
});

describe('honeypot', () => {
  it('answers "success" to a filled honeypot, stores the request as spam and queues no email', async () => {
    const { app } = await testApp();
    const response = await post(app, { ...validQuote, website: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    const [lead] = await leads(app);
    expect(lead!.spam).toBe(1);
    expect(await outbox(app)).toEqual([]);
  });
});

sameOnEveryDatabase('413, 415: what the endpoint will not read', () => {
  it('refuses a body larger than the limit from its Content-Length, without reading it', async () => {
    const { app } = await testApp();
    const response = await post(app, { ...validQuote, message: 'x'.repeat(70_000) });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('too large');
    expect(await leads(app)).toEqual([]);
  });

  it('refuses a hostile multipart shape before parsing it: an overlong boundary, or a thousand parts', async () => {
    const { app } = await testApp();
    const send = (contentType: string, body: string) =>
      app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: body,
        headers: { ...fetchHeaders, 'content-type': contentType },
      });
    const long = 'b'.repeat(8_000);
    const overlong = await send(
      `multipart/form-data; boundary=${long}`,
      `--${long}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPriya\r\n--${long}--\r\n`,
    );
    expect(overlong.statusCode).toBe(400);
    expect(overlong.body).toContain('could not be read');

    // A thousand tiny parts with the quote's fields: well under the 64 KiB body limit, so only the part cap refuses it.
    const part = (boundary: string, name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const manyParts = (boundary: string) =>
      [
        ...Object.entries(validQuote).map(([name, value]) => part(boundary, name, value)),
        ...Array.from({ length: 1_000 }, (_, index) => part(boundary, `f${index}`, '1')),
        `--${boundary}--\r\n`,
      ].join('');
    const body = manyParts('x');
    expect(Buffer.byteLength(body)).toBeLessThan(64 * 1024);
    const many = await send('multipart/form-data; boundary=x', body);
    expect(many.statusCode).toBe(413);
    const fields = await send(
      'application/x-www-form-urlencoded',
      [
        new URLSearchParams(validQuote).toString(),
        ...Array.from({ length: 1_000 }, (_, i) => `f${i}=1`),
      ].join('&'),
    );
    expect(fields.statusCode).toBe(413);
    expect(await leads(app)).toEqual([]);
  });

  it('refuses a boundary outside RFC 2046 (quotes, backslashes, other characters), which a count could miss', async () => {
    const { app } = await testApp();
    const part = (boundary: string, name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const form = (boundary: string, extraParts: number) =>
      [
        ...Object.entries(validQuote).map(([name, value]) => part(boundary, name, value)),
        ...Array.from({ length: extraParts }, (_, index) => part(boundary, `f${index}`, '1')),
        `--${boundary}--\r\n`,
      ].join('');
    for (const [parameter, boundary] of [
      ['"a\\"b"', 'a"b'], // a quoted boundary with an escaped quote: the parser sees a"b
      ['"a\\\\b"', 'a\\b'],
      ['"ends in a space "', 'ends in a space '],
      ['a<b', 'a<b'],
      ['"é"', 'é'],
      ['x; boundary=y', 'y'],
    ] as const) {
      const payload = form(boundary, 700);
      expect(Buffer.byteLength(payload)).toBeLessThan(64 * 1024); // refused for its shape, not its size
      const response = await app.inject({
        method: 'POST',
        url: '/api/quote',
        payload,
        headers: { ...fetchHeaders, 'content-type': `multipart/form-data; boundary=${parameter}` },
      });
      expect(response.statusCode, parameter).toBe(400);
      expect(response.body, parameter).toContain('could not be read');
    }
    expect(await leads(app)).toEqual([]);
    // Every character RFC 2046 allows, quoted (space, colon, ?) or not, still works.
    for (const [parameter, boundary] of [
      ['"----Boundary \'()+_,-./:=?9"', "----Boundary '()+_,-./:=?9"],
      ["----WebKitFormBoundaryAb12'+_-.", "----WebKitFormBoundaryAb12'+_-."],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: form(boundary, 0),
        headers: { ...fetchHeaders, 'content-type': `multipart/form-data; boundary=${parameter}` },
      });
      expect(response.statusCode, parameter).toBe(200);
    }
  });

  it('refuses a field far longer than the form allows before checking it; a little over gets the field error', async () => {
    const { app } = await testApp();
    const huge = await post(app, { ...validQuote, name: 'n'.repeat(12_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain('too large');
    const hugeExtra = await post(app, { ...validQuote, notes: 'x'.repeat(30_000) });
    expect(hugeExtra.statusCode).toBe(413);
    const overLimit = await post(app, { ...validQuote, message: 'm'.repeat(6_000) });
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.body).toContain(m.messageTooLong);
    expect(await leads(app)).toEqual([]);
  });

  it('stops reading a chunked body (no Content-Length) once it passes the limit', async () => {
    const { app } = await testApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let written = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/quote',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      });
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        // A huge body: keeps writing until the server answers (at most 64 MiB).
        while (!answered && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    expect(status).toBe(413);
    // The answer came long before the end of the body: the server did not wait to read it all.
    expect(written).toBeLessThan(32 * 1024 * 1024);
    expect(await leads(app)).toEqual([]);
  });

  it.each([
    ['application/json', JSON.stringify(validQuote)],
    ['text/plain', 'name=Priya'],
    ['application/xml', '<quote/>'],
  ])('refuses a %s body with 415', async (type, payload) => {
    const { app } = await testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      payload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBe(415);
    expect(response.body).toContain('multipart/form-data');
    expect(await leads(app)).toEqual([]);
  });

  it('refuses a file it does not accept with 415, naming it, and a file in another field', async () => {
    const { app } = await testApp();
    const body = await multipart(validQuote, { attachments: ['setup.exe', 'MZ'] });
    const response = await app.inject({ method: 'POST', url: '/api/quote', ...body });
    expect(response.statusCode).toBe(415);
    expect(response.body).toContain('A file you attached was refused, so the quote request was not sent.');
    expect(response.body).toContain('attachments: setup.exe is not a file we accept.');

    const elsewhere = await multipart(validQuote, { attachment: ['brief.txt', 'hello'] });
    const refused = await app.inject({ method: 'POST', url: '/api/quote', ...elsewhere });
    expect(refused.statusCode).toBe(415);
    expect(await leads(app)).toEqual([]);
  });

  it('answers a broken multipart body with 400 and nothing internal', async () => {
    const { app } = await testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: '--xyz\r\nnot a part',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('The form data could not be read. Please send the quote request again.\n');
  });
});

sameOnEveryDatabase('403: posts from other sites', () => {
  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site without Origin', { 'sec-fetch-site': 'same-site' }],
    [
      'a matching Sec-Fetch-Site but another Origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
  ])('refuses %s and stores nothing', async (_label, headers) => {
    const { app } = await testApp();
    const response = await post(app, validQuote, headers as Record<string, string>);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('only be sent from the form on our own website');
    expect(await leads(app)).toEqual([]);
  });

  it.each([
    ['the Host it was sent to', { origin: 'http://localhost' }],
    ['SITE_URL, the public origin', { origin: 'https://www.acme.test', 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin but Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
    ['a non-browser client with neither header', {}],
  ])('accepts %s', async (_label, headers) => {
    const { app } = await testApp();
    const response = await post(app, validQuote, headers as Record<string, string>);
    expect(response.statusCode).toBe(200);
  });
});

sameOnEveryDatabase('429: the rate limit', () => {
  it('allows RATE_LIMIT_MAX requests per client, then answers 429 with Retry-After', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '600000' } });
    const from = (ip: string) => ({ ...fetchHeaders, 'x-forwarded-for': ip });
    const sendFrom = async (remoteAddress: string) => {
      const body = await multipart(validQuote);
      return app.inject({
        method: 'POST',
        url: '/api/quote',
        remoteAddress,
        payload: body.payload,
        headers: { ...from('198.51.100.9'), ...body.headers },
      });
    };
    expect((await sendFrom('203.0.113.1')).statusCode).toBe(200);
    expect((await sendFrom('203.0.113.1')).statusCode).toBe(200);
    const refused = await sendFrom('203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(refused.body).toContain('Please try again in 10 minutes.');
    // Without TRUST_PROXY the X-Forwarded-For header is ignored: another address is another client.
    expect((await sendFrom('203.0.113.2')).statusCode).toBe(200);
    expect(await leads(app)).toHaveLength(3);
  });

  it('counts clients by X-Forwarded-For only behind a trusted proxy', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '1', TRUST_PROXY: '127.0.0.1' } });
    const sendAs = async (client: string) => {
      const body = await multipart(validQuote);
      return app.inject({
        method: 'POST',
        url: '/api/quote',
        remoteAddress: '127.0.0.1',
        payload: body.payload,
        headers: { ...body.headers, 'x-forwarded-for': client },
      });
    };
    expect((await sendAs('198.51.100.1')).statusCode).toBe(200);
    expect((await sendAs('198.51.100.1')).statusCode).toBe(429);
    expect((await sendAs('198.51.100.2')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '2' } });
    const sendFrom = async (remoteAddress: string) => {
      const body = await multipart(validQuote);
      return app.inject({
        method: 'POST',
        url: '/api/quote',
        remoteAddress,
        ...body,
        headers: { ...fetchHeaders, ...body.headers },
      });
    };
    expect((await sendFrom('2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await sendFrom('2001:db8:1:2:ffff:aaaa:bbbb:cccc')).statusCode).toBe(200);
    expect((await sendFrom('2001:db8:1:2::99')).statusCode).toBe(429);
    // Another /64 is another client, with a budget of its own.
    expect((await sendFrom('2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await sendFrom('2001:db8:1:3::2')).statusCode).toBe(200);
    expect((await sendFrom('2001:db8:1:3::3')).statusCode).toBe(429);
  });

  it('counts an IPv4 client the same whether it arrives as IPv4 or IPv4-mapped IPv6', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '2' } });
    const sendFrom = async (remoteAddress: string) => {
      const body = await multipart(validQuote);
      return app.inject({
        method: 'POST',
        url: '/api/quote',
        remoteAddress,
        ...body,
        headers: { ...fetchHeaders, ...body.headers },
      });
    };
    expect((await sendFrom('198.51.100.7')).statusCode).toBe(200);
    expect((await sendFrom('::ffff:198.51.100.7')).statusCode).toBe(200);
    expect((await sendFrom('::ffff:c633:6407')).statusCode).toBe(429); // the same address, in hex
    expect((await sendFrom('198.51.100.7')).statusCode).toBe(429);
    // Its neighbour in the same IPv6 /64 (::ffff:0:0/96) is still another client.
    expect((await sendFrom('::ffff:198.51.100.8')).statusCode).toBe(200);
  });

  it('shares one budget between /api/quote and /sendMail.php', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '2' } });
    const sendTo = async (url: string) => {
      const body = await multipart(validQuote);
      return app.inject({ method: 'POST', url, ...body, headers: { ...fetchHeaders, ...body.headers } });
    };
    expect((await sendTo('/api/quote')).statusCode).toBe(200);
    expect((await sendTo('/sendMail.php')).statusCode).toBe(200);
    expect((await sendTo('/sendMail.php')).statusCode).toBe(429);
    expect((await sendTo('/api/quote')).statusCode).toBe(429);
    expect(await leads(app)).toHaveLength(2);
  });

  it("counts refused posts (400, 413, 415) against a budget of their own, four times RATE_LIMIT_MAX, but not another site's", async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '1' } });
    const raw = (payload: string, contentType: string, headers: Record<string, string> = fetchHeaders) =>
      app.inject({
        method: 'POST',
        url: '/api/quote',
        payload,
        headers: { ...headers, 'content-type': contentType },
      });
    expect((await raw('{}', 'application/json')).statusCode).toBe(415);
    expect((await raw('name=', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    for (let index = 0; index < 3; index++) {
      const crossSite = await raw('name=x', 'application/x-www-form-urlencoded', {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.statusCode).toBe(403);
    }
    expect((await raw('x'.repeat(70 * 1024), 'application/x-www-form-urlencoded')).statusCode).toBe(413);
    expect((await raw('name=', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    // Four refusals spent their budget: the next post, whatever it holds, waits.
    expect((await raw('name=', 'application/x-www-form-urlencoded')).statusCode).toBe(429);
    const body = await multipart(validQuote);
    const afterJunk = await app.inject({
      method: 'POST',
      url: '/api/quote',
      ...body,
      headers: { ...fetchHeaders, ...body.headers },
    });
    expect(afterJunk.statusCode).toBe(429);
    expect(await leads(app)).toHaveLength(0);
  });

  it('gives a native post a page with the form still filled in', async () => {
    const { app } = await testApp({ env: { RATE_LIMIT_MAX: '1' } });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/quote',
        ...urlEncoded(validQuote),
        headers: { ...navigationHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await send()).statusCode).toBe(303);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.body).toContain(`value="${validQuote.name}"`);
    expect(refused.body).toContain(`${validQuote.message}</textarea>`);
  });
});

// The lock another process takes on the file, and group commit: SQLite's (PostgreSQL's outages: pg-faults).
sqliteOnly('503: storage unavailable', () => {
  it('refuses while another process holds the database lock, and recovers without a restart', async () => {
    const { app } = await testApp();
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(sqliteOf(app.storage).name);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const refused = await post(app, validQuote);
      expect(refused.statusCode).toBe(503);
      expect(refused.body).toContain('We cannot save quote requests at the moment');
      expect(refused.body).not.toMatch(/SQLITE|sqlite|\.db/);

      const page = await app.inject({
        method: 'POST',
        url: '/api/quote',
        ...urlEncoded(validQuote),
        headers: { ...navigationHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain(`value="${validQuote.email}"`);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    const accepted = await post(app, validQuote);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toBe('success');
    expect(await leads(app)).toHaveLength(1);
  });

  it('refuses every request of a group that cannot be committed, and stores none of them', async () => {
    const { app } = await testApp();
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(sqliteOf(app.storage).name);
    other.exec('BEGIN EXCLUSIVE');
    try {
      // Sent together, they are written together (group commit): all refused, none half-stored.
      const replies = await Promise.all(Array.from({ length: 8 }, () => post(app, validQuote)));
      expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(503));
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await leads(app)).toEqual([]);
    expect(await outbox(app)).toEqual([]);
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(app, validQuote)));
    expect(replies.map((reply) => reply.body)).toEqual(Array(8).fill('success'));
    expect(await leads(app)).toHaveLength(8);
    expect(await outbox(app)).toHaveLength(8);
  });

  // Read-only files, read-only mode and a full disk: server/fault-tests/storage-outage.test.ts.
});

describe('privacy', () => {
  it('stores no raw IP address, in the database or in the logs', async () => {
    const lines: string[] = [];
    const { app } = await testApp({
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    const ip = '203.0.113.199';
    const body = await multipart(validQuote);
    const response = await app.inject({
      method: 'POST',
      url: '/api/quote',
      remoteAddress: ip,
      payload: body.payload,
      headers: { ...body.headers, 'x-forwarded-for': ip },
    });
    expect(response.statusCode).toBe(200);
    await app.outboxWorker.runOnce();

    const database = await storedText(app.storage);
    expect(database).toContain(validQuote.message);
    expect(database).not.toContain(ip);
    expect(lines.join('')).toContain('quote request stored');
    expect(lines.join('')).not.toContain(ip);
  });
});

sameOnEveryDatabase('over a real socket', () => {
  it('takes the FormData a browser sends and replies "success", as the page expects', async () => {
    const { app } = await testApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const form = new FormData();
    for (const [name, value] of Object.entries(validQuote)) form.append(name, value);
    form.append('website', '');

    const response = await fetch(`http://127.0.0.1:${port}/api/quote`, {
      method: 'POST',
      body: form,
      headers: { accept: 'text/plain' },
    });
    expect(response.status).toBe(200);
    expect((await response.text()).trim() === QUOTE_SUCCESS_REPLY).toBe(true);
    expect((await leads(app))[0]).toMatchObject({ ...validQuote, status: 'new', spam: 0 });

    // The spec's error text depends on any other reply: a refusal is never "success".
    const refused = await fetch(`http://127.0.0.1:${port}/api/quote`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(refused.status).toBe(400);
    expect((await refused.text()).trim()).not.toBe(QUOTE_SUCCESS_REPLY);
  });
});

sameOnEveryDatabase('QUOTE_ENDPOINT on the site', () => {
  it('is answered where the built form posts, beside /api/quote and /sendMail.php', async () => {
    const { app } = await testApp({ env: { QUOTE_ENDPOINT: '/api/leads' } });
    for (const url of ['/api/leads', '/api/quote', '/sendMail.php']) {
      const response = await post(app, validQuote, fetchHeaders, url);
      expect({ url, status: response.statusCode, body: response.body }).toEqual({
        url,
        status: 200,
        body: QUOTE_SUCCESS_REPLY,
      });
    }
    expect(await leads(app)).toHaveLength(3);
  });

  it('on another host adds no path to this server', async () => {
    const { app } = await testApp({ env: { QUOTE_ENDPOINT: 'https://forms.example.com/api/leads' } });
    const response = await post(app, validQuote, fetchHeaders, '/api/leads');
    expect(response.statusCode).toBe(404);
  });
});
