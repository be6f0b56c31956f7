/** A block of a legal document: a paragraph, a bullet list, or the company's contact details. */
export type LegalBlock =
  | { readonly kind: 'paragraph'; readonly text: string; readonly id?: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'contact' };

interface LegalSection {
  readonly title: string;
  readonly blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  readonly eyebrow: string;
  readonly title: string;
  readonly lastUpdated: string;
  readonly intro: string;
  /** Numbered headings ("1. Acceptance of Terms") when true. */
  readonly numbered: boolean;
  readonly sections: readonly LegalSection[];
}

export const paragraph = (text: string, id?: string): LegalBlock => ({
  kind: 'paragraph',
  text,
  ...(id ? { id } : {}),
});
export const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });
export const contactDetails: LegalBlock = { kind: 'contact' };
