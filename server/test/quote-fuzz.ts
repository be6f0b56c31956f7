/**
 * Hostile input for the quote endpoint, with fast-check: the generators and
 * the properties, shared by the test (server/leads/quote-fuzz.test.ts, ~500
 * cases) and `npm run bench:fuzz` (20,000). Nothing here imports vitest.
 *
 * Every case is one request: multipart, URL-encoded, JSON, garbage bytes, a
 * multipart body with the wrong boundary, cut short, with a file, or with
 * forged part headers; fields empty or huge, any Unicode, NUL and control
 * characters, CRLF header injection, HTML and script, spreadsheet formulas.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  type QuoteField,
  quoteFields,
  quoteFormFields,
  quoteRequestSchema,
  validateQuoteRequest,
} from '../../common/quote-request.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { leadsCommand } from '../leads/leads-command.ts';
import { runStoreCommand } from '../bin/store-command.ts';
import type { Config } from '../config/config.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { renderMail } from '../mail/mailer.ts';
import { headerText, safeAddress } from '../mail/outgoing-mail.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { notificationEmail } from '../leads/quote-emails.ts';
import { QUOTE_MAX_FIELD_LENGTH } from '../leads/quote-routes.ts';
import type { Lead } from '../leads/quote-tables.ts';
import { FORM_BODY_LIMIT } from '../forms/form-body.ts';
import { postgresReadOnly, type ReadOnlySwitch } from './postgres-read-only.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

// --- Generators ----------------------------------------------------------------------------------------

/** Strings that have broken real systems: injection, markup, formulas, odd Unicode. */
const ADVERSARIAL = [
  '',
  ' ',
  '\t',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31mred',
  '\u007f',
  '\u0085',
  '\u009f',
  '\r\n',
  '\n',
  '\r',
  'x\r\nBcc: victim@evil.test',
  'x\nBcc: victim@evil.test',
  '\r\nX-Injected: yes',
  'Priya\r\n\r\n<h1>body</h1>',
  'priya@company.in\r\nBcc: victim@evil.test',
  'priya@company.in\nCc: victim@evil.test',
  'priya@company.in>, victim@evil.test',
  '"Boss" <victim@evil.test>',
  'a <victim@evil.test>, b',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.test","click")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</textarea><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '<!--',
  ']]>',
  '&amp;',
  '&lt;b&gt;',
  '${7*7}',
  '{{7*7}}',
  '%0d%0aX-Injected: yes',
  '=?UTF-8?Q?=0D=0ABcc:_victim@evil.test?=',
  '\u202egnp.exe',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u00a0',
  'é',
  'José Müller',
  '😀',
  '👩🏽‍💻',
  'Ω≈ç√∫',
  '\ud800',
  '\udfff',
  'ﷺ',
  'Robert"); DROP TABLE quote_requests;--',
  "' OR '1'='1",
];

const adversarial = fc.constantFrom(...ADVERSARIAL);
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 5, arbitrary: adversarial },
);
/** Any text: a few pieces of the above, joined. */
const text = fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(''));
/** From a thousand characters to far over the 64 KiB body limit. */
const huge = fc
  .tuple(fc.constantFrom('x', 'é', '<', '=', '\r\n', '😀'), fc.integer({ min: 1_000, max: 70_000 }))
  .map(([unit, count]) => unit.repeat(count));
const anyValue = fc.oneof({ weight: 12, arbitrary: text }, { weight: 1, arbitrary: huge });

/** Text that passes validation but is hostile downstream: in emails, spreadsheets, HTML. */
const VALID_BUT_HOSTILE = [
  '<script>alert(1)</script>',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.test","click")',
  '"Ravi" & Sons <Ltd>',
  '@admin',
  '-1+2',
  '+91 Traders',
  'a <victim@evil.test>, b',
  '=?UTF-8?B?PHNjcmlwdD4=?=',
  '=?UTF-8?Q?=0D=0ABcc:_victim@evil.test?=',
  "'; DROP TABLE quote_requests;--",
  'José Müller 😀',
  '👩🏽‍💻 Ω≈ç√',
  '\u202egnp.exe',
  '\u00a0non-breaking\u00a0',
  '&lt;b&gt; &amp;',
];
const validText = (maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.floor(maxLength / 3) }),
    },
    { weight: 3, arbitrary: fc.constantFrom(...VALID_BUT_HOSTILE) },
  );
const validEmail = fc
  .tuple(
    fc.oneof(
      fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'),
        minLength: 1,
        maxLength: 20,
      }),
      fc.constantFrom("o'brien", '+1+1', '-x', 'a.b+c_d', 'PRIYA'),
    ),
    fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      minLength: 1,
      maxLength: 15,
    }),
    fc.constantFrom('in', 'com', 'co.in', 'test', 'example'),
  )
  .map(([local, domain, top]) => `${local}@${domain}.${top}`);
/** Text of several lines, as people write a message. */
const validLines = (maxLength: number) =>
  fc
    .array(fc.oneof(validText(Math.min(60, maxLength)), fc.constantFrom('\n', '\r\n', '\r', '\n\n')), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.join(' ').slice(0, maxLength));
/** Strings the field's HTML pattern accepts, within its length. */
const matching = (pattern: string, maxLength: number) => {
  const whole = new RegExp(`^(?:${pattern})$`);
  return fc
    .stringMatching(whole)
    .map((value) => value.slice(0, maxLength))
    .filter((value) => whole.test(value));
};

/**
 * Mostly values that pass a field's rule (so leads get stored, emailed and
 * exported), sometimes anything at all: read from the field's definition in
 * common/quote-request.ts (its control, length limit, pattern and whether it
 * is required), so a field added there is fuzzed too.
 */
function fieldValue(name: QuoteField): fc.Arbitrary<string> {
  const { control, maxLength, pattern, required } = quoteFormFields[name];
  if (control === 'email') {
    return fc.oneof(
      { weight: 8, arbitrary: validEmail },
      { weight: 1, arbitrary: fc.emailAddress() },
      { weight: 1, arbitrary: anyValue },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            validEmail,
            fc.constantFrom('\r\nBcc: victim@evil.test', '\nCc: x@evil.test', '>', '"', ', x@evil.test'),
          )
          .map(([address, tail]) => address + tail),
      },
    );
  }
  const valid =
    pattern !== undefined
      ? matching(pattern, maxLength)
      : control === 'textarea'
        ? validLines(maxLength)
        : validText(maxLength);
  const typical = fc.oneof(valid, fc.constant(sampleQuote()[name]));
  return fc.oneof(
    { weight: 5, arbitrary: required ? typical : fc.oneof(fc.constant(''), typical) },
    { weight: 1, arbitrary: anyValue },
  );
}

const FIELD_NAMES = quoteFields;

/** The fields of one form, in the order they are sent (names may repeat: the first value counts). */
const formFields = fc
  .record({
    values: fc.record(
      Object.fromEntries(FIELD_NAMES.map((name) => [name, fieldValue(name)])) as Record<
        QuoteField,
        fc.Arbitrary<string>
      >,
    ),
    honeypot: fc.oneof(
      { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
      { weight: 2, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: text },
    ),
    omitted: fc.oneof(
      { weight: 8, arbitrary: fc.constant<string[]>([]) },
      { weight: 1, arbitrary: fc.subarray([...FIELD_NAMES]) },
    ),
    extra: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...FIELD_NAMES, 'x', '__proto__', 'constructor'),
          fc.string({ maxLength: 8 }),
        ),
        text,
      ),
      { maxLength: 3 },
    ),
    extraFirst: fc.boolean(),
  })
  .map(({ values, honeypot, omitted, extra, extraFirst }) => {
    const kept: [string, string][] = FIELD_NAMES.filter(
      (field) => !(omitted as string[]).includes(field),
    ).map((field) => [field, values[field]]);
    if (honeypot !== undefined) kept.push(['website', honeypot]);
    return extraFirst ? [...extra, ...kept] : [...kept, ...extra];
  });

export type BodyKind =
  'multipart' | 'urlencoded' | 'json' | 'garbage' | 'wrong-boundary' | 'truncated' | 'file' | 'forged-part';
type Client = 'fetch' | 'native' | 'bare' | 'cross-site';

export interface FuzzCase {
  kind: BodyKind;
  client: Client;
  path: '/api/quote' | '/sendMail.php';
  /** The form the body carries (for the kinds that carry one). */
  fields: [string, string][];
  contentType: string | undefined;
  payload: Buffer;
  /** The database refuses writes while this request is handled (a deliberate 503 is then right). */
  storageDown: boolean;
}

/** Form-data field names are sent with " and line breaks percent-encoded, as browsers do. */
const partName = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

function multipartBody(fields: [string, string][], boundary: string, extraParts: string[] = []): Buffer {
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${partName(name)}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${[...parts, ...extraParts].join('')}--${boundary}--\r\n`, 'utf8');
}

const boundaryArbitrary = fc
  .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 16, maxLength: 16 })
  .map((hex) => `----fuzz${hex}`);

const GARBAGE_TYPES = [
  undefined,
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'MULTIPART/FORM-DATA; BOUNDARY="a b"',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-16',
  'text/plain',
  'application/octet-stream',
  'application/json',
  'text/html; charset=utf-8',
];

function bodyFor(
  kind: BodyKind,
  fields: [string, string][],
  boundary: string,
  cut: number,
  bytes: Uint8Array,
  garbageType: string | undefined,
) {
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  switch (kind) {
    case 'multipart':
      return { contentType: multipartType, payload: multipartBody(fields, boundary) };
    case 'urlencoded':
      return {
        contentType: 'application/x-www-form-urlencoded',
        payload: Buffer.from(new URLSearchParams(fields).toString()),
      };
    case 'json':
      return {
        contentType: 'application/json',
        payload: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
      };
    case 'garbage':
      return { contentType: garbageType, payload: Buffer.from(bytes) };
    case 'wrong-boundary':
      return {
        contentType: `multipart/form-data; boundary=${boundary}x`,
        payload: multipartBody(fields, boundary),
      };
    case 'truncated': {
      const whole = multipartBody(fields, boundary);
      // Somewhere before the closing boundary.
      return {
        contentType: multipartType,
        payload: whole.subarray(0, cut % Math.max(1, whole.length - boundary.length - 6)),
      };
    }
    case 'file':
      return {
        contentType: multipartType,
        payload: multipartBody(fields, boundary, [
          `--${boundary}\r\nContent-Disposition: form-data; name="brief"; filename="brief.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
        ]),
      };
    case 'forged-part':
      // A part header broken by a raw line break, and a part smuggled inside a value.
      return {
        contentType: multipartType,
        payload: multipartBody(fields, boundary, [
          `--${boundary}\r\nContent-Disposition: form-data; name="email\r\nBcc: victim@evil.test"\r\n\r\nx\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nhi\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nvictim@evil.test\r\n`,
        ]),
      };
  }
}

/** One hostile request. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    kind: fc.oneof(
      { weight: 10, arbitrary: fc.constant<BodyKind>('multipart') },
      { weight: 6, arbitrary: fc.constant<BodyKind>('urlencoded') },
      { weight: 1, arbitrary: fc.constant<BodyKind>('json') },
      { weight: 2, arbitrary: fc.constant<BodyKind>('garbage') },
      { weight: 1, arbitrary: fc.constant<BodyKind>('wrong-boundary') },
      { weight: 1, arbitrary: fc.constant<BodyKind>('truncated') },
      { weight: 1, arbitrary: fc.constant<BodyKind>('file') },
      { weight: 1, arbitrary: fc.constant<BodyKind>('forged-part') },
    ),
    client: fc.oneof(
      { weight: 6, arbitrary: fc.constant<Client>('fetch') },
      { weight: 3, arbitrary: fc.constant<Client>('native') },
      { weight: 2, arbitrary: fc.constant<Client>('bare') },
      { weight: 1, arbitrary: fc.constant<Client>('cross-site') },
    ),
    path: fc.constantFrom('/api/quote' as const, '/sendMail.php' as const),
    fields: formFields,
    boundary: boundaryArbitrary,
    cut: fc.nat(),
    bytes: fc.uint8Array({ maxLength: 2000 }),
    garbageType: fc.constantFrom(...GARBAGE_TYPES),
    storageDown: fc.oneof(
      { weight: 15, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
  .map(({ kind, client, path, fields, boundary, cut, bytes, garbageType, storageDown }) => ({
    kind,
    client,
    path,
    fields,
    storageDown,
    ...bodyFor(kind, fields, boundary, cut, bytes, garbageType),
  }));

// --- The properties ------------------------------------------------------------------------------------

const SITE = 'https://www.acme.test';
const CLIENT_HEADERS: Record<Client, Record<string, string>> = {
  fetch: { origin: SITE, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', accept: 'text/plain' },
  native: {
    origin: SITE,
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'navigate',
    accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    referer: `${SITE}/`,
  },
  bare: {},
  'cross-site': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', accept: 'text/plain' },
};

/** What the fuzzing saw, for the summary. */
export interface FuzzStats {
  cases: number;
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  stored: number;
  spam: number;
  emailsChecked: number;
  errorPagesChecked: number;
  csvRowsChecked: number;
}

export function newFuzzStats(): FuzzStats {
  return {
    cases: 0,
    byKind: {},
    byStatus: {},
    stored: 0,
    spam: 0,
    emailsChecked: 0,
    errorPagesChecked: 0,
    csvRowsChecked: 0,
  };
}

export interface FuzzTarget {
  app: FastifyInstance;
  config: Config;
}

/**
 * The value as the server receives it: lone surrogates become U+FFFD on the
 * way through UTF-8, and Node's multipart parser (a TextDecoder) drops a
 * byte-order mark at the start of a value.
 */
function overTheWire(value: string, kind: BodyKind): string {
  const decoded = Buffer.from(value, 'utf8').toString('utf8');
  return kind === 'multipart' ? decoded.replace(/^\ufeff/, '') : decoded;
}
/** What the server keeps of a field: line breaks as \n. */
const asTyped = (value: string, kind: BodyKind) => overTheWire(value, kind).replace(/\r\n?/g, '\n');

function firstValues(fields: [string, string][]): Map<string, string> {
  const first = new Map<string, string>();
  for (const [name, value] of fields) if (!first.has(name)) first.set(name, value);
  return first;
}

const UNAVAILABLE =
  'We cannot save quote requests at the moment, so yours was not sent. Please try again in a few minutes.';

/** Stack traces, error codes, paths: nothing of the inside may reach a visitor. */
const INTERNALS =
  /SQLITE|FST_ERR|node_modules|\/work\/|\/tmp\/|\bat [\w.<>]+ \(|Error:|TypeError|undefined|\[object /;

const ERROR_PAGE_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'link',
  'body',
  'main',
  'p',
  'h1',
  'div',
  'ul',
  'li',
  'a',
  'form',
  'label',
  'span',
  'input',
  'textarea',
  'button',
  // The site header's mark and the footer.
  'header',
  'footer',
  'svg',
  'rect',
  'path',
]);
const ERROR_PAGE_ATTRIBUTES = new Set([
  'lang',
  // The form posts files (multipart), and its file control takes several of the accepted kinds.
  'enctype',
  'accept',
  'multiple',
  'charset',
  'name',
  'content',
  'rel',
  'href',
  'type',
  'class',
  'role',
  'method',
  'action',
  'aria-label',
  'for',
  'id',
  'maxlength',
  'required',
  'aria-invalid',
  'aria-describedby',
  'aria-busy',
  'autocomplete',
  'inputmode',
  'pattern',
  'tabindex',
  'value',
  'rows',
  'aria-hidden',
  'focusable',
  'viewbox',
  'width',
  'height',
  'rx',
  'd',
  'fill',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
]);
const EMAIL_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'body',
  'h1',
  'table',
  'tr',
  'th',
  'td',
  'h2',
  'div',
  'p',
]);
const EMAIL_ATTRIBUTES = new Set(['lang', 'charset', 'style', 'role', 'align']);

/**
 * Every "<" in the page starts one of the template's own tags, with only the
 * template's attributes: whatever a visitor typed is inert text.
 */
function assertOnlyTemplateMarkup(html: string, tags: Set<string>, attributes: Set<string>, what: string) {
  const withoutDoctype = html.replace(/^<!doctype html>/i, '');
  const found = [
    ...withoutDoctype.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*\/?>/g),
  ];
  assert.equal(
    found.length,
    (withoutDoctype.match(/</g) ?? []).length,
    `${what}: a "<" that is not one of its own tags`,
  );
  for (const [, tag = '', attributeText = ''] of found) {
    assert.ok(tags.has(tag.toLowerCase()), `${what}: unexpected <${tag}>`);
    for (const [, attribute = ''] of attributeText.matchAll(/\s+([a-zA-Z-]+)(?:="[^"<>]*")?/g)) {
      assert.ok(attributes.has(attribute.toLowerCase()), `${what}: unexpected attribute ${attribute}`);
    }
  }
}

/** The form's fields of a stored lead, as the schema sees them. */
const fieldsOf = (lead: Lead) => Object.fromEntries(quoteFields.map((name) => [name, lead[name]]));

/** The exact headers a notification may carry: nothing injected, nothing missing, none twice. */
function expectedHeaders(lead: Lead): string[] {
  const names = [
    'x-quote-reference',
    'from',
    'to',
    'subject',
    'message-id',
    'date',
    'mime-version',
    'content-type',
  ];
  if (safeAddress(lead.email)) names.push('reply-to');
  return names.sort();
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) => object.value);

/** The notification for a stored lead, built and rendered as the outbox sends it, then read back. */
async function checkNotification(target: FuzzTarget, lead: Lead, row: OutboxRow) {
  const { config } = target;
  const mail = notificationEmail(lead, row, {
    from: config.mail.from,
    to: config.mail.to,
    siteUrl: config.siteUrl,
  });
  const raw = (await renderMail(mail)).toString('utf8');
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const headerNames = head
    .split('\r\n')
    .filter((line) => !/^[ \t]/.test(line))
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
  assert.deepEqual(
    headerNames.sort(),
    expectedHeaders(lead),
    'the notification has exactly the expected headers',
  );

  const parsed = await simpleParser(raw);
  assert.deepEqual(addresses(parsed.from), [
    { name: config.mail.from.name ?? '', address: config.mail.from.address },
  ]);
  assert.deepEqual(
    addresses(parsed.to).map((to) => to.address),
    config.mail.to,
  );
  assert.equal(parsed.cc, undefined);
  assert.equal(parsed.bcc, undefined);
  const replyTo = addresses(parsed.replyTo);
  if (safeAddress(lead.email)) {
    assert.equal(replyTo.length, 1, `one Reply-To address, got ${JSON.stringify(replyTo)}`);
    assert.equal(replyTo[0]?.address?.toLowerCase(), lead.email.toLowerCase());
  } else assert.deepEqual(replyTo, []);
  assert.equal(parsed.subject, `Quote request from ${headerText(lead.name, 100)} (${lead.reference})`);
  assert.equal(parsed.messageId, row.message_id);
  assert.equal(parsed.headers.get('x-quote-reference'), lead.reference);

  const html = (typeof parsed.html === 'string' ? parsed.html : '').replace(/\r\n/g, '\n');
  assertOnlyTemplateMarkup(html, EMAIL_TAGS, EMAIL_ATTRIBUTES, 'the HTML part');
  for (const name of quoteFields) {
    // A short field left empty reads "not given"; a text area stands as it is.
    const shown =
      lead[name] === '' && quoteFormFields[name].control !== 'textarea' ? 'not given' : lead[name];
    assert.ok(html.includes(escapeHtml(shown)), `the HTML part shows the ${name}, escaped`);
  }
  const plain = (parsed.text ?? '').replace(/\r\n/g, '\n');
  assert.ok(plain.includes(lead.message.trimEnd()), 'the text part has the message');
}

const readOnlySwitches = new WeakMap<FuzzTarget, Promise<ReadOnlySwitch>>();

/**
 * Makes the app's database refuse writes until the returned function is called: on SQLite its
 * connection turns query_only; on PostgreSQL the database turns read-only (postgres-read-only.ts).
 */
async function storageDown(target: FuzzTarget): Promise<() => Promise<void>> {
  const { storage } = target.app;
  if (storage.sqlite) {
    const { sqlite } = storage;
    sqlite.pragma('query_only = ON');
    return async () => void sqlite.pragma('query_only = OFF');
  }
  const url = target.config.database.url;
  if (!url) throw new Error('PostgreSQL without DATABASE_URL');
  let readOnly = readOnlySwitches.get(target);
  if (!readOnly) readOnlySwitches.set(target, (readOnly = postgresReadOnly(url, storage)));
  const database = await readOnly;
  await database.set(true);
  return () => database.set(false);
}

/** The PostgreSQL connection a fuzz run kept to switch its database read-only: closed at its end. */
export async function endFuzzTarget(target: FuzzTarget) {
  await (await readOnlySwitches.get(target))?.end();
  readOnlySwitches.delete(target);
}

/** One request against the app, and every property that must hold for it. */
export async function checkCase(target: FuzzTarget, input: FuzzCase, stats: FuzzStats) {
  const { app } = target;
  const { db } = app.storage;
  const lastId = async (table: 'quote_requests' | 'outbox') =>
    Number(
      (
        await tablesOf<LeadTables & OutboxTables>(db)
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const before = await lastId('quote_requests');
  const outboxBefore = await lastId('outbox');

  const down = input.storageDown ? await storageDown(target) : undefined;
  let response;
  try {
    response = await app.inject({
      method: 'POST',
      url: input.path,
      payload: input.payload,
      headers: {
        ...CLIENT_HEADERS[input.client],
        ...(input.contentType ? { 'content-type': input.contentType } : {}),
      },
    });
  } finally {
    await down?.();
  }
  const status = response.statusCode;
  const isHtml = String(response.headers['content-type'] ?? '').startsWith('text/html');
  stats.cases++;
  stats.byKind[input.kind] = (stats.byKind[input.kind] ?? 0) + 1;
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;

  // 1. Never a 5xx, but the deliberate 503 while storage is down, with its clear message.
  assert.ok(
    [200, 303, 400, 403, 413, 415].includes(status) || (status === 503 && input.storageDown),
    `unexpected status ${status}: ${response.body.slice(0, 200)}`,
  );
  if (status === 503) assert.ok(response.body.includes(UNAVAILABLE), 'a 503 says why, plainly');
  assert.doesNotMatch(response.body, INTERNALS, 'the reply leaks internals');

  const stored = (await tablesOf<LeadTables>(db)
    .selectFrom('quote_requests')
    .selectAll()
    .where('id', '>', before)
    .orderBy('id')
    .execute()) as Lead[];
  const queued = (await tablesOf<OutboxTables>(db)
    .selectFrom('outbox')
    .selectAll()
    .where('id', '>', outboxBefore)
    .orderBy('id')
    .execute()) as OutboxRow[];
  const accepted = status === 200 || status === 303;
  assert.equal(stored.length, accepted ? 1 : 0, 'a lead is stored exactly when the reply is success');
  if (accepted) {
    assert.equal(input.client === 'native' ? status : 200, status);
    if (status === 200) assert.equal(response.body, 'success');
    else assert.equal(response.headers.location, '/thank-you');
  }

  // 2. What the request should have got, for bodies whose form we know.
  const tooLarge = input.payload.length > FORM_BODY_LIMIT;
  const formKinds: BodyKind[] = [
    'multipart',
    'urlencoded',
    'file',
    'wrong-boundary',
    'truncated',
    'forged-part',
  ];
  // A value far longer than any field of the form is refused unchecked, before the files are checked:
  // a file sent in another field is refused by name with the others (415), after the body is read.
  const fieldTooLong =
    (input.kind === 'multipart' || input.kind === 'urlencoded' || input.kind === 'file') &&
    input.fields.some(
      ([, value]) =>
        overTheWire(value, input.kind === 'file' ? 'multipart' : input.kind).length > QUOTE_MAX_FIELD_LENGTH,
    );
  if (input.client === 'cross-site') assert.equal(status, 403);
  else if (input.kind === 'json') assert.equal(status, 415);
  else if (formKinds.includes(input.kind) && (tooLarge || fieldTooLong)) assert.equal(status, 413);
  else if (input.kind === 'file') assert.equal(status, 415);
  else if (input.kind === 'wrong-boundary' || input.kind === 'truncated') assert.equal(status, 400);
  else if (input.kind === 'multipart' || input.kind === 'urlencoded') {
    const first = firstValues(input.fields);
    const typed = Object.fromEntries(
      FIELD_NAMES.map((field) => [field, asTyped(first.get(field) ?? '', input.kind)]),
    );
    const validation = validateQuoteRequest(typed);
    if (input.storageDown && validation.ok) assert.equal(status, 503, 'valid input, storage down: 503');
    else assert.equal(accepted, validation.ok, `valid input is accepted and invalid refused (got ${status})`);
    const [lead] = stored;
    if (validation.ok && lead) {
      assert.deepEqual(fieldsOf(lead), validation.value, 'the lead is stored as sent, trimmed');
      const spam = (first.get('website') ?? '').trim() !== '';
      assert.equal(lead.spam, spam ? 1 : 0);
    }
    // The no-JavaScript error page (400, or 503) shows what was typed, escaped.
    if (!accepted && isHtml && !tooLarge && !fieldTooLong) {
      for (const field of FIELD_NAMES) {
        assert.ok(
          response.body.includes(renderToStaticMarkup(asTyped(first.get(field) ?? '', input.kind))),
          `the page keeps the ${field}`,
        );
      }
    }
  }

  // 3. Any HTML reply is the template's markup only.
  if (isHtml) {
    assertOnlyTemplateMarkup(response.body, ERROR_PAGE_TAGS, ERROR_PAGE_ATTRIBUTES, 'the error page');
    stats.errorPagesChecked++;
  }

  // 4. Nothing invalid is ever stored; each lead has its email, and its email is clean.
  for (const lead of stored) {
    stats.stored++;
    const fields = fieldsOf(lead);
    const parsed = quoteRequestSchema.safeParse(fields);
    assert.ok(parsed.success, 'the stored lead passes the shared schema');
    assert.deepEqual(parsed.data, fields, 'the stored lead is already in its validated form');
    if (lead.spam) {
      stats.spam++;
      assert.equal(queued.length, 0, 'spam queues no email');
      continue;
    }
    const [notification] = queued;
    assert.ok(notification && queued.length === 1, 'one notification is queued with the lead');
    await checkNotification(target, lead, notification);
    stats.emailsChecked++;
  }
}

// --- CSV ---------------------------------------------------------------------------------------------------

/** RFC 4180, every cell quoted (as the export writes it). */
export function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < csv.length; index++) {
    const character = csv[index];
    if (quoted) {
      if (character === '"' && csv[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && csv[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  assert.equal(quoted, false, 'the CSV ends inside a quoted cell');
  assert.equal(cell + row.join(''), '', 'the CSV ends with a line break');
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell is safe to open in a spreadsheet, and holds the value (behind a ' when it was a formula). */
export function assertNeutralCell(cell: string, value: string) {
  assert.doesNotMatch(
    cell,
    FORMULA_START,
    `a CSV cell starts like a formula: ${JSON.stringify(cell.slice(0, 20))}`,
  );
  assert.equal(cell, FORMULA_START.test(value) ? `'${value}` : value);
}

/** `npm run leads -- export` over everything stored: one line per lead, every cell neutral. */
export async function checkCsvExport(target: FuzzTarget, stats: FuzzStats) {
  let csv = '';
  const io = { out: (chunk: string) => void (csv += chunk), err: () => undefined };
  const config = { ...target.config, database: { ...target.config.database, busyTimeoutMs: 5_000 } };
  assert.equal(await runStoreCommand(leadsCommand, ['export'], config, io), 0);
  const rows = parseCsv(csv);
  const leads = (await tablesOf<LeadTables>(target.app.storage.db)
    .selectFrom('quote_requests')
    .selectAll()
    .orderBy('id')
    .execute()) as Lead[];
  const columns = ['id', 'reference', 'created_at', 'status', 'spam', ...quoteFields, 'source_page'] as const;
  // Then the files' names (none here: the quote endpoint's fuzz sends no file), and the conversation's
  // figures (no message yet).
  assert.deepEqual(rows[0], [...columns, 'attachments', 'messages', 'last_answer_at']);
  assert.equal(rows.length - 1, leads.length, 'one CSV line per lead');
  leads.forEach((lead, index) => {
    const cells = rows[index + 1] ?? [];
    const values = columns.map((column) => String(lead[column]));
    values.forEach((value, column) => assertNeutralCell(cells[column] ?? '', value));
    assert.deepEqual(cells.slice(columns.length), ['', '0', ''], 'no file, no message, no answer');
    stats.csvRowsChecked++;
  });
}

/** Any text at all, including the adversarial strings, for the CSV property. */
export const csvText = fc.oneof(text, adversarial, fc.string({ unit: 'binary' }));
