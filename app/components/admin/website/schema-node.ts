/**
 * What the editor needs to know of a part of the content's schema (common/site-content, zod/mini): its
 * kind, its fields or items, its choices and counts. Read from zod's definitions, so a field added to the
 * schema appears in the editor by itself (docs/decisions/069-the-website-editor-built-from-the-schema.md).
 */

/** The part of a zod schema the editor reads: its definition (zod 4's `_zod.def`). */
interface ZodLike {
  readonly _zod: { readonly def: Definition };
  safeParse(value: unknown): { success: boolean };
}

interface Definition {
  readonly type: string;
  readonly shape?: Readonly<Record<string, ZodLike>>;
  readonly element?: ZodLike;
  readonly innerType?: ZodLike;
  readonly entries?: Readonly<Record<string, string>>;
  readonly options?: readonly ZodLike[];
  readonly discriminator?: string;
  readonly values?: readonly unknown[];
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDefinition } }[];
}

interface CheckDefinition {
  readonly check: string;
  readonly minimum?: number;
  readonly maximum?: number;
}

export type SchemaNode =
  | { kind: 'object'; fields: readonly (readonly [string, SchemaNode])[] }
  /** Repeated items; `fixed` when the schema sets no counts (the four services keep their places). */
  | { kind: 'list'; item: SchemaNode; min: number; max: number; fixed: boolean }
  /** One or more paragraphs: a list of text that may span lines, edited as one text area. */
  | { kind: 'paragraphs'; min: number; max: number }
  | { kind: 'text'; multiline: boolean }
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'boolean' }
  /** A fixed value (a block's kind inside its variant): not edited. */
  | { kind: 'literal'; value: unknown }
  | { kind: 'optional'; inner: SchemaNode }
  /** Variants told apart by a field (a legal page's block: a paragraph, a list, the contact details). */
  | { kind: 'variants'; by: string; options: readonly { value: string; node: SchemaNode }[] }
  | { kind: 'unknown' };

function countOf(definition: Definition, check: string, bound: 'minimum' | 'maximum'): number | undefined {
  return definition.checks?.find((entry) => entry._zod.def.check === check)?._zod.def[bound];
}

function listNode(definition: Definition, element: ZodLike): SchemaNode {
  const min = countOf(definition, 'min_length', 'minimum');
  const max = countOf(definition, 'max_length', 'maximum');
  const item = nodeOf(element);
  if (item.kind === 'text' && item.multiline) return { kind: 'paragraphs', min: min ?? 0, max: max ?? 100 };
  return {
    kind: 'list',
    item,
    min: min ?? 0,
    max: max ?? 100,
    fixed: min === undefined && max === undefined,
  };
}

function variantsNode(definition: Definition): SchemaNode {
  const by = definition.discriminator;
  if (!by || !definition.options) return { kind: 'unknown' };
  const options = definition.options.map((option) => {
    const tag = option._zod.def.shape?.[by]?._zod.def.values?.[0];
    return { value: String(tag), node: nodeOf(option) };
  });
  return { kind: 'variants', by, options };
}

/** The editor's view of a schema. */
export function nodeOf(schema: unknown): SchemaNode {
  const definition = (schema as ZodLike)._zod.def;
  switch (definition.type) {
    case 'object':
      return {
        kind: 'object',
        fields: Object.entries(definition.shape ?? {}).map(([key, field]) => [key, nodeOf(field)] as const),
      };
    case 'array':
      return definition.element ? listNode(definition, definition.element) : { kind: 'unknown' };
    case 'string':
      // The schema says whether a text may span lines: a one-line text refuses a line break.
      return { kind: 'text', multiline: (schema as ZodLike).safeParse('a\nb').success };
    case 'enum':
      return { kind: 'choice', values: Object.values(definition.entries ?? {}) };
    case 'boolean':
      return { kind: 'boolean' };
    case 'literal':
      return { kind: 'literal', value: definition.values?.[0] };
    case 'optional':
      return definition.innerType
        ? { kind: 'optional', inner: nodeOf(definition.innerType) }
        : { kind: 'unknown' };
    case 'union':
      return variantsNode(definition);
    default:
      return { kind: 'unknown' };
  }
}

/** The value a new item starts with: empty text, the first choice, the fewest items. */
export function emptyValueOf(node: SchemaNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(
        node.fields
          .filter(([, field]) => field.kind !== 'optional')
          .map(([key, field]) => [key, emptyValueOf(field)]),
      );
    case 'list':
      return Array.from({ length: node.min }, () => emptyValueOf(node.item));
    case 'paragraphs':
      return [];
    case 'text':
      return '';
    case 'choice':
      return node.values[0] ?? '';
    case 'boolean':
      return false;
    case 'literal':
      return node.value;
    case 'variants':
      return node.options[0] ? emptyValueOf(node.options[0].node) : {};
    default:
      return undefined;
  }
}
