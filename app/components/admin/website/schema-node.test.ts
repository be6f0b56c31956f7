import { describe, expect, it } from 'vitest';
import { siteContentSchema } from '../../../../common/site-content/site-content';
import { WEBSITE_PAGES } from '../../../../common/site-content/website-pages';
import { paragraphsOf, textOfParagraphs, withValueAt } from './content-path';
import { hasWrittenItemName, hasWrittenLabel, placeOf } from './field-labels';
import { emptyValueOf, nodeOf, type SchemaNode } from './schema-node';

/** Every field of a node: its place, its key and its node. */
function* fieldsOf(node: SchemaNode, page: string, path: string[]): Generator<[string, string, SchemaNode]> {
  if (node.kind === 'object')
    for (const [key, field] of node.fields) {
      yield [placeOf(page, [...path, key]), key, field];
      yield* fieldsOf(field, page, [...path, key]);
    }
  if (node.kind === 'list') yield* fieldsOf(node.item, page, path);
  if (node.kind === 'optional') yield* fieldsOf(node.inner, page, path);
  if (node.kind === 'variants') for (const option of node.options) yield* fieldsOf(option.node, page, path);
}

describe("the editor's reading of the content's schema", () => {
  const pages = WEBSITE_PAGES.map((page) => [page.name, page.key] as const);

  it.each(pages)('%s: every field is one the editor can show, with words of its own', (_name, key) => {
    const node = nodeOf(siteContentSchema.shape[key]);
    for (const [place, field, fieldNode] of fieldsOf(node, key, [])) {
      expect(fieldNode.kind, place).not.toBe('unknown');
      if (field !== 'id' && fieldNode.kind !== 'literal')
        expect(hasWrittenLabel(place, field), place).toBe(true);
      if (fieldNode.kind === 'list' && !fieldNode.fixed)
        expect(hasWrittenItemName(place, field), place).toBe(true);
    }
  });

  it('reads an FAQ answer and a bio as paragraphs, a question as one line, with the counts of their lists', () => {
    const faq = nodeOf(siteContentSchema.shape.faq);
    expect(faq.kind).toBe('object');
    const items = faq.kind === 'object' ? faq.fields.find(([key]) => key === 'items')?.[1] : undefined;
    expect(items).toMatchObject({ kind: 'list', min: 1, max: 50, fixed: false });
    expect(items?.kind === 'list' && items.item).toMatchObject({
      kind: 'object',
      fields: [
        ['question', { kind: 'text', multiline: false }],
        ['answer', { kind: 'paragraphs', min: 1, max: 6 }],
      ],
    });
  });

  it('keeps the four services in their places (a fixed list) and starts a new person empty, without a photo', () => {
    const services = nodeOf(siteContentSchema.shape.services);
    expect(services.kind === 'object' && services.fields[1]?.[1]).toMatchObject({
      kind: 'list',
      fixed: true,
    });
    const team = nodeOf(siteContentSchema.shape.team);
    const people = team.kind === 'object' ? team.fields.find(([key]) => key === 'people')?.[1] : undefined;
    expect(people?.kind === 'list' && emptyValueOf(people.item)).toEqual({
      name: '',
      role: '',
      bio: [],
      expertise: [],
    });
  });
});

describe('paragraphs typed in one text area', () => {
  it('are separated by a blank line; a single line break stays inside its paragraph', () => {
    expect(paragraphsOf('First line\nstill first\n\n  \nSecond\n\n')).toEqual([
      'First line\nstill first',
      'Second',
    ]);
    expect(textOfParagraphs(['One', 'Two'])).toBe('One\n\nTwo');
    expect(paragraphsOf('  ')).toEqual([]);
  });
});

describe('a change at a path', () => {
  it('copies what it changes and leaves the rest as it was', () => {
    const before = { items: [{ question: 'Q', answer: ['A'] }], hero: { title: 'T' } };
    const after = withValueAt(before, ['items', 0, 'answer'], ['B']) as typeof before;
    expect(after.items[0]?.answer).toEqual(['B']);
    expect(before.items[0]?.answer).toEqual(['A']);
    expect(after.hero).toBe(before.hero);
    expect(withValueAt({ photo: { id: 'x' }, name: 'N' }, ['photo'], undefined)).toEqual({ name: 'N' });
  });
});
