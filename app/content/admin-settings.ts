/**
 * The words of the inbox's Settings page (integrations and the auto-reply), and of what other inbox pages
 * say about integrations. Read by the inbox's modules only, never by a public page.
 */
import { type IntegrationKind, PREVIOUS_SECRET_HOURS } from '../../common/integration-domain';

export const settingsCopy = {
  lead: 'Where new leads are sent besides the company inbox, and the email each visitor gets back.',
  integrations: {
    title: 'Integrations',
    intro:
      'Each new lead is posted to these at once, and again when its status changes. Spam never is. A receiver that is down is tried again for a day.',
    empty: 'No integrations yet. Add one to have new leads posted to your team chat, CRM or spreadsheet.',
    sendTest: 'Send test event',
    sendingTest: 'Sending…',
    rotate: 'Rotate secret',
    rotateTitle: 'Rotate the signing secret?',
    rotateBody: `A new secret is made and shown once. The old one keeps signing beside it for ${PREVIOUS_SECRET_HOURS} hours, so you have a day to update your receiver.`,
    rotateConfirm: 'Rotate secret',
    rotating: 'Rotating…',
    turnOff: 'Turn off',
    turnOn: 'Turn on',
    remove: 'Remove',
    removeBody:
      'Nothing more is sent to it, what waits to be sent is withdrawn, and its delivery log is deleted. It cannot be undone.',
    removeConfirm: 'Remove for good',
    removing: 'Removing…',
    log: 'Delivery log',
    logEmpty: 'Nothing was sent yet.',
    logLoading: 'Loading the delivery log…',
    noDelivery: 'Nothing sent yet',
    previousSecret: 'Still signs beside the new one until',
  },
  add: {
    title: 'Add integration',
    kind: 'Kind',
    url: 'URL',
    urlHints: {
      webhook:
        'Your receiver’s address, e.g. from Zapier, Make or n8n. Each request is signed (Standard Webhooks).',
      slack: 'A Slack incoming-webhook URL, https://hooks.slack.com/services/…',
      teams: 'A Teams Workflows webhook URL (“When a Teams webhook request is received”).',
    } satisfies Record<IntegrationKind, string>,
    submit: 'Add integration',
    pending: 'Adding…',
  },
  shownOnce: {
    title: 'Copy this now',
    note: 'You will not see this again: from now on it is shown masked. Keep it somewhere safe, like a password.',
    secret: 'Signing secret',
    url: 'URL',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and copy it yourself.',
    done: 'I have copied it',
    rotated: `The old secret keeps signing beside this one for ${PREVIOUS_SECRET_HOURS} hours.`,
  },
  autoReply: {
    title: 'Auto-reply',
    intro:
      'The email a visitor gets when they send the quote form. It always ends with the lead’s reference (“Your reference: Q-7F3K9C”), which you can search for in the inbox. It never repeats what the visitor typed, goes at most once a day to an address, and never to spam.',
    enabled: 'Send an auto-reply',
    text: 'Text',
    textHint: 'Plain text. The reference and the company’s signature are added below it.',
    preview: 'Preview',
    previewing: 'Making the preview…',
    previewTitle: 'Preview',
    previewNote: 'With a sample reference; each visitor gets their own lead’s.',
    subject: 'Subject',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Auto-reply saved.',
    lastChanged: 'Last changed',
  },
} as const;

/** A reason the server gives as a sentence, to follow a colon: "The receiver…" → "the receiver…". */
export function sentencePart(reason: string): string {
  const trimmed = reason.trim().replace(/\.$/, '');
  // "HTTP 410…" keeps its capitals; "The receiver…" is lowered to follow a colon.
  return /^[A-Z][a-z]/.test(trimmed) ? `${trimmed.charAt(0).toLowerCase()}${trimmed.slice(1)}` : trimmed;
}

/** The inbox's banner for an integration the server turned off. */
export function disabledIntegrationText(kindLabel: string, reason: string): string {
  return `${kindLabel} integration turned off: ${sentencePart(reason)}.`;
}
