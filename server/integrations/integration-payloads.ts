import { formatFileSize } from '../../common/attachments.ts';
import type { IntegrationKind } from '../../common/integration-domain.ts';
import type { LeadStatus } from '../../common/lead-domain.ts';

/** A file attached to a lead, as integrations are told of it. */
export interface AttachedFile {
  name: string;
  size: number;
}

/** lead.created's data: the lead as the visitor sent it, and where staff open it. */
interface LeadCreatedData {
  reference: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  page: string;
  received_at: string;
  inbox_url: string;
  /** The files the visitor attached, in the order sent: names and sizes (bytes) only, never content or a link. */
  attachments: AttachedFile[];
  /** Only on "Send test event": the data is a sample, no lead exists. */
  test?: true;
}

/** lead.status_changed's data: which lead, from which status to which. */
interface LeadStatusChangedData {
  reference: string;
  from: LeadStatus;
  to: LeadStatus;
  changed_at: string;
  inbox_url: string;
}

/** The JSON a webhook receives (and Slack's and Teams' messages are made from). */
export type IntegrationPayload =
  | { type: 'lead.created'; timestamp: string; data: LeadCreatedData }
  | { type: 'lead.status_changed'; timestamp: string; data: LeadStatusChangedData };

/** What lead.status_changed stores in its outbox row's event_data: what the lead row no longer says. */
export interface StatusChange {
  from: LeadStatus;
  to: LeadStatus;
  changed_at: string;
}

/** How much of a visitor's message a chat message shows. */
const CHAT_MESSAGE_CHARACTERS = 300;

function excerpt(text: string): string {
  const flat = text.trim();
  return flat.length > CHAT_MESSAGE_CHARACTERS ? `${flat.slice(0, CHAT_MESSAGE_CHARACTERS)}…` : flat;
}

/** Slack's mrkdwn reads &, < and > as markup (links, mentions): what a visitor typed is escaped. */
function slackEscape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A Slack header is plain text of at most 150 characters. */
function headerText(text: string): string {
  return text.length > 150 ? `${text.slice(0, 149)}…` : text;
}

/** The files in a chat message, one a line: "brief.pdf (2.4 MB)". */
const fileLines = (files: readonly AttachedFile[]) =>
  files.map((file) => `${file.name} (${formatFileSize(file.size)})`);

/** Slack's section naming the files (escaped: a file's name is the visitor's text), if there are any. */
function slackFiles(files: readonly AttachedFile[]): unknown[] {
  if (files.length === 0) return [];
  const text = `*Attachments*\n${fileLines(files).map(slackEscape).join('\n')}`;
  return [{ type: 'section', text: { type: 'mrkdwn', text } }];
}

const openButton = (url: string) => ({
  type: 'actions',
  elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in inbox' }, url }],
});

/** A Block Kit message for a Slack incoming webhook; `text` is the notification's fallback. */
export function slackMessage(payload: IntegrationPayload): unknown {
  if (payload.type === 'lead.status_changed') {
    const { reference, from, to, inbox_url } = payload.data;
    return {
      text: `Lead ${reference}: ${from} → ${to}`,
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `Lead *${reference}* moved from *${from}* to *${to}*.` },
        },
        openButton(inbox_url),
      ],
    };
  }
  const { data } = payload;
  const test = data.test ? ' (test event)' : '';
  return {
    text: slackEscape(`New lead ${data.reference} from ${data.name}${test}`),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headerText(`New lead: ${data.name}${test}`) } },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Reference*\n${slackEscape(data.reference)}` },
          { type: 'mrkdwn', text: `*Page*\n${slackEscape(data.page)}` },
        ],
      },
      { type: 'section', text: { type: 'mrkdwn', text: slackEscape(excerpt(data.message)) || ' ' } },
      ...slackFiles(data.attachments),
      openButton(data.inbox_url),
    ],
  };
}

/** An Adaptive Card's text run: its text is shown as typed, never read as Markdown (a TextBlock's is). */
const run = (text: string, style: Record<string, string> = {}) => ({ type: 'TextRun', text, ...style });
const BOLD = { weight: 'Bolder' };
const LARGE_BOLD = { size: 'Large', weight: 'Bolder' };

/** Text a visitor typed, in a Teams card: runs of a RichTextBlock, so `[text](url)` stays text. */
const plainText = (inlines: ReturnType<typeof run>[]) => ({ type: 'RichTextBlock', inlines });

/** A Teams Workflows webhook's message: one Adaptive Card (the Office 365 connectors are retired). */
export function teamsMessage(payload: IntegrationPayload): unknown {
  const card = (body: unknown[], url: string) => ({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'Open in inbox', url }],
        },
      },
    ],
  });
  if (payload.type === 'lead.status_changed') {
    const { reference, from, to, inbox_url } = payload.data;
    return card(
      [{ type: 'TextBlock', text: `Lead ${reference} moved from ${from} to ${to}.`, wrap: true }],
      inbox_url,
    );
  }
  const { data } = payload;
  return card(
    [
      plainText([run(`New lead: ${data.name}${data.test ? ' (test event)' : ''}`, LARGE_BOLD)]),
      plainText([run('Reference: ', BOLD), run(data.reference)]),
      plainText([run('Page: ', BOLD), run(data.page)]),
      plainText([run(excerpt(data.message))]),
      ...(data.attachments.length > 0
        ? [
            plainText([run('Attachments:', BOLD)]),
            ...fileLines(data.attachments).map((line) => plainText([run(line)])),
          ]
        : []),
    ],
    data.inbox_url,
  );
}

/** The body sent to an integration of this kind. */
export function integrationBody(kind: IntegrationKind, payload: IntegrationPayload): string {
  if (kind === 'slack') return JSON.stringify(slackMessage(payload));
  if (kind === 'teams') return JSON.stringify(teamsMessage(payload));
  return JSON.stringify(payload);
}
