import type { LegalBlockContent, LegalDocumentContent } from '../../common/site-content/site-content';

/** A block of a legal document: a paragraph, a bullet list, or the company's contact details. */
export type LegalBlock = LegalBlockContent;
export type LegalDocument = LegalDocumentContent;

export const paragraph = (text: string, id?: string): LegalBlock => ({
  kind: 'paragraph',
  text,
  ...(id ? { id } : {}),
});
export const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });
export const contactDetails: LegalBlock = { kind: 'contact' };
